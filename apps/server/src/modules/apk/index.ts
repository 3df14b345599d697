// Issue 15: the APK analyser's public surface (issue 18 reuses it for releases).
export { analyseApk, ANALYSIS_LIMITS, type ApkAnalysis } from './analyse-apk.ts';
export { ApkInvalidError } from './apk-error.ts';
