/**
 * The passwords people choose most often (from public breach-frequency lists), plus words a
 * Cambodian school's staff would try first. Compared after lower-casing and removing a
 * trailing run of digits and symbols, so "Password2025!" counts as "password".
 */
export const commonPasswords: readonly string[] = `
123456 123456789 12345678 12345 1234567 1234567890 123123 111111 000000 654321 666666 888888
121212 112233 123321 987654321 0987654321 147258369 159753 789456 123qwe qwe123 1q2w3e 1q2w3e4r
1q2w3e4r5t 1qaz2wsx zaq12wsx qazwsx qwerty qwertyuiop qwerty123 qwertyui asdfgh asdfghjkl
zxcvbnm zxcvbn azerty password passw0rd p@ssw0rd p@ssword pass password1 password123 secret
letmein welcome welcome1 iloveyou iloveu loveyou lovely love monkey dragon master shadow
sunshine princess football baseball basketball soccer hockey superman batman starwars pokemon
michael jennifer jordan hunter ranger buster thomas robert daniel andrew charlie george jessica
ashley michelle nicole hannah killer trustno1 whatever freedom computer internet google
facebook yahoo hotmail gmail samsung apple iphone android windows linux admin administrator
root toor user guest login test tester testing demo default changeme change temp temporary
access letmein! abc123 abcd1234 abcdef abcdefg abcdefgh a1b2c3 aa123456 1qazxsw2 q1w2e3r4
q1w2e3r4t5 1234qwer qwer1234 asdf1234 zxcv1234 11111111 22222222 88888888 99999999 00000000
12341234 11223344 1122334455 987654 7777777 5555555 123654 147258 258456 741852963 159357
ninja mustang harley hello hello123 helloworld flower summer winter spring autumn cookie
cheese chocolate banana orange pepper ginger butterfly angel angels baby babygirl
family friends friend forever happy happy123 smile lucky money rich success power
myspace mypassword yourpassword nopassword noaccess blink182 matrix matthew joshua
school school123 teacher teacher123 student student123 students class classroom
sala sala123 salarien khmer khmer123 cambodia cambodia123 kampuchea phnompenh
phnom penh siemreap battambang angkor angkorwat mekong tonlesap riel dollar
sokha dara sophal sopheap sreymom sreyneang chanthou bopha vanna visal kosal
srey bong oun sabay sabaydee sursdey chumreapsuor awkun akun orkun
principal director office manager school2024 school2025 school2026 exam scores
attendance grade report mathematics english science history computer1
`
  .split(/\s+/)
  .filter(Boolean);
