import { nameMatchScore, distinctiveWords } from './src/domain/name-match.ts'
const pairs: [string,string,'company'|'person'][] = [
 ['Zyxwv Holdings','Q Holdings','company'],['Acme Rockets Intl','RocketSDR','company'],['AT&T','At The Pool','company'],
 ['Marathon Petroleum','Electro-Petroleum','company'],['Goldman Sachs','Goldman Sachs Group','company'],['AT&T Inc.','AT&T','company'],
 ['The Coca-Cola Company','Coca-Cola','company'],['coca cola','Coca-Cola','company'],['CocaCola','Coca-Cola Bottling','company'],
 ['A. O. Smith Corp','A. O. Smith','company'],['JPMorgan Chase & Co.','J.P. Morgan Chase','company'],['3M Company','3M','company'],
 ["McDonald's",'McDonalds Corp','company'],['Goldmann Sachs','Goldman Sachs','company'],['Vista','Vistra','company'],
 ['Jon Smith','John Smith','person'],['Li Wei','Li Wen','person'],['Dr. Jane Doe PhD','Jane Doe','person'],['General Motors','General Mills','company'],
 ['Smith','John Smith','person'],['Smith, John','John Smith','person'],['Norfolk Southern','Southern Company','company'],['Home Depot','Home Depot (The)','company'],
]
for (const [a,b,k] of pairs) console.log(nameMatchScore(a,b,k).toFixed(2), a, '|', b, JSON.stringify(distinctiveWords(a,k)), JSON.stringify(distinctiveWords(b,k)))
