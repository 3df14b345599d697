/**
 * Very common passwords refused with 'Password is too weak.' (DESIGN §4.8). A short list of the
 * most used ones that satisfy the 6-character minimum; compared ignoring case.
 */
const COMMON = `123456 1234567 12345678 123456789 1234567890 password password1 password123 qwerty qwerty123
qwertyuiop 111111 000000 123123 abc123 abcdef abcd1234 iloveyou admin123 welcome welcome1 letmein
monkey dragon master sunshine princess football baseball shadow superman michael 654321 666666
696969 121212 112233 123321 987654321 1q2w3e4r 1qaz2wsx zaq12wsx qazwsx asdfgh asdfghjkl zxcvbnm
trustno1 starwars passw0rd p@ssword p@ssw0rd login123 changeme secret123 hello123 freedom whatever
nothing nothingphone glyphary 11111111 00000000 12341234 88888888 777777 555555 999999 222222
computer internet samsung google batman charlie jordan23 killer hunter2 access flower summer`;

const COMMON_PASSWORDS = new Set(COMMON.split(/\s+/).filter(Boolean));

/** True when `password` is one of the very common passwords. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
