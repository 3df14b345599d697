export { GetUpdatesButton } from './components/get-updates-button.tsx';
export { InstallChoices, INSTALL_MSG } from './components/install-choices.tsx';
