// The graded query set, written and judged from catalogue.ts before any search was run (grade 3: what was asked
// for, 2: closely related, 1: acceptable; unlisted: not relevant). Shop null: across every shop.
// Groups: one word, two words, Hindi/Hinglish (Latin or Devanagari), misspellings.

export type Group = 'one-word' | 'two-word' | 'hinglish' | 'misspelling';
export type Query = { group: Group; text: string; shop: string | null; grades: Map<string, number> };

const M = 'masala-ghar';
const C = 'chai-point';
const R = 'roshni-lights';
const K = 'kurta-house';
const J = 'jhumka-gali';
const T = 'teak-and-co';
const P = 'pooja-samagri';
const G = 'gadget-bazaar';

const turmeric = 'Turmeric Powder 3; Turmeric Fingers 3; Lakadong Turmeric 3';
const cardamom = 'Green Cardamom 3; Black Cardamom 3; Cardamom Powder 3';
const lamps =
  'Brass Table Lamp 3; Brass Floor Lamp 3; Wooden Table Lamp 3; Ceramic Table Lamp 3; Rattan Pendant Lamp 3; Copper Pendant Lamp 3; Wall Lamp 3; Bedside Lamp 3; Study Lamp 3; Night Lamp 3; Salt Lamp 3; Brass Hanging Bell Lamp 3; Brass Diya 1; Lampshade Linen 1; Lampshade Jute 1; Lamp Bulb Vintage 1; Lamp Dimmer Switch 1';
const diyas = 'Clay Diya Set 3; Brass Diya 3; Kuber Diya 3; Terracotta Diya Painted 3; Oil Lamp Wicks 1';
const kurtas =
  'Cotton Kurta White 3; Cotton Kurta Indigo 3; Linen Kurta 3; Silk Kurta 3; Chikankari Kurta 3; Pathani Kurta 3; Khadi Kurta 3; Kurta Pyjama Set 3; Kids Kurta Set 3; Short Kurti 2; Anarkali Kurti 2; Straight Kurti Rayon 2; Nehru Jacket 1; Churidar 1';
const dupattas = 'Chiffon Dupatta 3; Phulkari Dupatta 3; Banarasi Dupatta 3; Bandhani Dupatta 3; Cotton Chunni 3; Woollen Stole 1';
const bangles = 'Glass Bangles Set 3; Gold Bangles 3; Lac Bangles 3';
const necklaces = 'Kundan Necklace Set 3; Temple Necklace 3; Pearl Necklace 3; Mangalsutra 2; Bridal Jewellery Set 2';
const agarbatti = 'Sandalwood Agarbatti 3; Rose Agarbatti 3; Dhoop Sticks 2; Guggal Dhoop Cones 2; Incense Holder 1';
const chai =
  'Masala Chai 3; Ginger Chai 3; Elaichi Chai 3; Instant Chai Premix 3; Assam Tea 2; Darjeeling First Flush Tea 1; Nilgiri Tea 1; Clay Kulhad Set 1; Cutting Chai Glasses 1; Chai Pan 1';

const raw: [Group, string, string | null, string][] = [
  ['one-word', 'turmeric', M, turmeric],
  ['hinglish', 'haldi', M, turmeric],
  ['hinglish', 'हल्दी', M, turmeric],
  ['hinglish', 'elaichi', M, cardamom],
  ['misspelling', 'cardamon', M, `${cardamom}; Chai Masala 1`],
  ['hinglish', 'kali mirch', M, 'Black Pepper Whole 3; Black Pepper Powder 3; White Pepper 1'],
  ['two-word', 'black pepper', M, 'Black Pepper Whole 3; Black Pepper Powder 3; White Pepper 2; Chai Masala 1'],
  ['hinglish', 'jeera', M, 'Cumin Seeds 3; Roasted Cumin Powder 3'],
  ['two-word', 'cumin powder', M, 'Roasted Cumin Powder 3; Cumin Seeds 2; Coriander Powder 1'],
  [
    'one-word',
    'masala',
    M,
    'Garam Masala 3; Chai Masala 3; Kitchen King Masala 3; Chole Masala 3; Biryani Masala 3; Pav Bhaji Masala 3; Sambar Powder 2; Spice Box 1',
  ],
  [
    'two-word',
    'garam masala',
    M,
    'Garam Masala 3; Chai Masala 1; Kitchen King Masala 1; Chole Masala 1; Biryani Masala 1; Pav Bhaji Masala 1',
  ],
  ['hinglish', 'dalchini', M, 'Cinnamon Sticks 3'],
  ['one-word', 'saffron', M, 'Kashmiri Saffron 3'],
  ['hinglish', 'kesar', M, 'Kashmiri Saffron 3'],
  ['misspelling', 'tumeric', M, turmeric],
  ['two-word', 'chilli powder', M, 'Guntur Chilli Powder 3; Kashmiri Red Chilli 2'],
  ['hinglish', 'hing', M, 'Asafoetida 3'],
  ['hinglish', 'methi', M, 'Fenugreek Seeds 3; Kasuri Methi 3'],
  ['one-word', 'mustard', M, 'Mustard Seeds 3'],
  ['misspelling', 'cinamon', M, 'Cinnamon Sticks 3'],
  [
    'one-word',
    'tea',
    C,
    'Assam Tea 3; Darjeeling First Flush Tea 3; Nilgiri Tea 3; Green Tea 3; Tulsi Green Tea 3; Lemongrass Tea 3; Chamomile Tea 3; Tea Bags Assorted 3; Masala Chai 3; Ginger Chai 3; Elaichi Chai 3; Kashmiri Kahwa 2; Instant Chai Premix 2; Tea Gift Box 2; Tea Strainer 1; Tea Caddy 1',
  ],
  ['hinglish', 'chai', C, chai],
  [
    'hinglish',
    'चाय',
    C,
    'Masala Chai 3; Ginger Chai 3; Elaichi Chai 3; Assam Tea 3; Nilgiri Tea 2; Darjeeling First Flush Tea 2; Instant Chai Premix 2; Tea Bags Assorted 2; Green Tea 1',
  ],
  ['two-word', 'green tea', C, 'Green Tea 3; Tulsi Green Tea 3; Kashmiri Kahwa 2'],
  ['two-word', 'tea kettle', C, 'Brass Tea Kettle 3; Steel Tea Kettle 3; Ceramic Teapot 1; Glass Teapot 1'],
  ['one-word', 'teapot', C, 'Ceramic Teapot 3; Glass Teapot 3'],
  ['hinglish', 'kulhad', C, 'Clay Kulhad Set 3'],
  ['hinglish', 'adrak chai', C, 'Ginger Chai 3; Masala Chai 2'],
  ['misspelling', 'darjeling', C, 'Darjeeling First Flush Tea 3'],
  ['one-word', 'coffee', C, 'Cold Brew Coffee 3; Filter Coffee Powder 3; Coffee Filter 3'],
  ['hinglish', 'shahad', C, 'Honey Jar 3'],
  ['one-word', 'biscuits', C, 'Nankhatai Biscuits 3; Rusk Toast 3'],
  ['one-word', 'lamp', R, lamps],
  ['one-word', 'lamps', R, lamps],
  [
    'two-word',
    'brass lamp',
    R,
    'Brass Table Lamp 3; Brass Floor Lamp 3; Brass Hanging Bell Lamp 3; Wall Lamp 2; Brass Diya 2; Kuber Diya 1; Tealight Holder 1; Wooden Table Lamp 1; Ceramic Table Lamp 1',
  ],
  ['two-word', 'table lamp', R, 'Brass Table Lamp 3; Wooden Table Lamp 3; Ceramic Table Lamp 3; Bedside Lamp 2; Study Lamp 2; Salt Lamp 1'],
  ['hinglish', 'diya', R, diyas],
  ['hinglish', 'दीया', R, diyas],
  ['two-word', 'pendant lamp', R, 'Rattan Pendant Lamp 3; Copper Pendant Lamp 3; Brass Hanging Bell Lamp 3; Lamp Bulb Vintage 1'],
  ['one-word', 'lanterns', R, 'Moroccan Lantern 3; Hanging Lantern 3; Paper Lantern Set 3; Akash Kandil 3'],
  ['two-word', 'candle holder', R, 'Tealight Holder 3; Mirror Work Candle Holder 3; Floating Candles 1; Scented Candle Jar 1'],
  ['one-word', 'lampshade', R, 'Lampshade Linen 3; Lampshade Jute 3'],
  ['two-word', 'fairy lights', R, 'String Lights 3; Curtain Lights 3'],
  ['two-word', 'diwali lights', R, 'String Lights 3; Curtain Lights 2; Clay Diya Set 2; Akash Kandil 2'],
  ['one-word', 'kurta', K, kurtas],
  ['hinglish', 'कुर्ता', K, kurtas],
  [
    'two-word',
    'cotton kurta',
    K,
    'Cotton Kurta White 3; Cotton Kurta Indigo 3; Khadi Kurta 2; Linen Kurta 1; Chikankari Kurta 1; Kurta Pyjama Set 1; Short Kurti 1',
  ],
  ['two-word', 'silk saree', K, 'Banarasi Silk Saree 3; Kanjeevaram Saree 3; Cotton Saree 1'],
  ['hinglish', 'sari', K, 'Banarasi Silk Saree 3; Cotton Saree 3; Kanjeevaram Saree 3'],
  ['hinglish', 'dupatta', K, dupattas],
  ['hinglish', 'chunni', K, dupattas],
  ['one-word', 'kurtis', K, 'Short Kurti 3; Anarkali Kurti 3; Straight Kurti Rayon 3'],
  ['misspelling', 'lehnga', K, 'Bridal Lehenga 3; Lehenga Choli 3'],
  ['hinglish', 'mojari', K, 'Punjabi Jutti 3; Kolhapuri Chappal 1'],
  ['misspelling', 'sherwaani', K, 'Sherwani 3'],
  ['hinglish', 'jhumka', J, 'Gold Plated Jhumka 3; Silver Jhumka 3; Kundan Jhumki 3; Chandbali Earrings 1; Oxidised Earrings 1'],
  [
    'one-word',
    'earrings',
    J,
    'Chandbali Earrings 3; Stud Earrings 3; Hoop Earrings 3; Oxidised Earrings 3; Gold Plated Jhumka 3; Silver Jhumka 3; Kundan Jhumki 3; Kundan Necklace Set 1; Bridal Jewellery Set 1',
  ],
  ['two-word', 'gold chain', J, 'Gold Chain 3; Silver Chain 1; Mangalsutra 1; Kamarbandh 1'],
  ['two-word', 'silver anklet', J, 'Silver Payal 3; Anklet Pair Black Thread 1'],
  ['hinglish', 'payal', J, 'Silver Payal 3; Anklet Pair Black Thread 3'],
  ['hinglish', 'chudi', J, bangles],
  ['misspelling', 'bangels', J, bangles],
  ['one-word', 'necklace', J, necklaces],
  ['misspelling', 'neckless', J, necklaces],
  ['one-word', 'chair', T, 'Teak Dining Chair 3; Rocking Chair 3; Cane Chair 3; Bar Stool 1'],
  ['one-word', 'teak', T, 'Teak Dining Chair 3; Teak Dining Table 3; Bar Stool 2; Wall Mirror Round 1'],
  ['one-word', 'sofa', T, 'Three Seater Sofa 3; Sofa Cum Bed 3; Side Table 1'],
  ['two-word', 'cushion covers', T, 'Cushion Cover Set 3; Silk Cushion 1; Floor Cushion 1'],
  ['hinglish', 'dari', T, 'Cotton Dhurrie 3; Jute Rug 2; Wool Carpet 1'],
  ['hinglish', 'takiya', T, 'Pillow Pair 3; Floor Cushion 1; Silk Cushion 1'],
  ['two-word', 'wooden shelf', T, 'Wall Shelf 3; Bookshelf 2'],
  ['one-word', 'brass', T, 'Brass Vase 3; Brass Urli 3; Photo Frame 2'],
  ['hinglish', 'razai', T, 'Jaipuri Razai 3'],
  ['one-word', 'bedsheet', T, 'Bed Sheet Double 3'],
  ['hinglish', 'agarbatti', P, agarbatti],
  ['hinglish', 'अगरबत्ती', P, agarbatti],
  ['two-word', 'incense sticks', P, 'Sandalwood Agarbatti 3; Rose Agarbatti 3; Dhoop Sticks 2; Guggal Dhoop Cones 1; Incense Holder 1'],
  ['two-word', 'pooja thali', P, 'Pooja Thali Set 3; Silver Pooja Thali 3'],
  ['two-word', 'brass diya', P, 'Brass Pooja Diya 3; Pooja Thali Set 1; Ghee Diya Wicks 1'],
  ['misspelling', 'agarbati', P, 'Sandalwood Agarbatti 3; Rose Agarbatti 3'],
  ['one-word', 'rangoli', P, 'Rangoli Colours 3; Rangoli Stencils 3'],
  ['one-word', 'charger', G, 'Car Charger 3; Phone Charger 3; Power Bank 1'],
  ['two-word', 'car charger', G, 'Car Charger 3; Phone Charger 1'],
  ['one-word', 'earphones', G, 'Wireless Earphones 3; Neckband Earphones 3'],
  ['one-word', 'earphone', G, 'Wireless Earphones 3; Neckband Earphones 3'],
  ['misspelling', 'chargr', G, 'Car Charger 3; Phone Charger 3'],
  ['two-word', 'toy train', G, 'Toy Train Set 3; Remote Control Car 1'],
  ['two-word', 'toy train', null, 'Toy Train Set 3; Wooden Toy Train 3; Remote Control Car 1'],
  [
    'two-word',
    'brass diya',
    null,
    'Brass Diya 3; Brass Pooja Diya 3; Kuber Diya 2; Clay Diya Set 1; Terracotta Diya Painted 1; Pooja Thali Set 1',
  ],
  ['hinglish', 'chai', null, `${chai}; Chai Masala 2`],
  ['one-word', 'kettle', null, 'Brass Tea Kettle 3; Steel Tea Kettle 3; Electric Kettle 3'],
  ['hinglish', 'haldi', null, `${turmeric}; Kumkum Haldi Box 2`],
  ['one-word', 'copper', null, 'Copper Pendant Lamp 3; Copper Kalash 3; Copper Lota 3'],
  ['hinglish', 'elaichi chai', null, 'Elaichi Chai 3; Masala Chai 2; Cardamom Powder 1'],
  ['one-word', 'ghee', null, 'Cow Ghee for Pooja 3; Ghee Diya Wicks 2'],
];

export const queries: Query[] = raw.map(([group, text, shop, judged]) => ({
  group,
  text,
  shop,
  grades: new Map(
    judged.split(';').map((entry) => {
      const m = /^(.*)\s+(\d)$/.exec(entry.trim());
      if (!m) throw new Error(`bad judgment '${entry}' for '${text}'`);
      return [m[1] ?? '', Number(m[2])] as [string, number];
    }),
  ),
}));
