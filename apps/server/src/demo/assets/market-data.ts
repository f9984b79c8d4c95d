/**
 * The demo market (India, INR) as plain typed data: cities, catalogue, people, projects,
 * packages and site copy. No database code lives here; the seeder maps it onto rows.
 */
import type { PropertyPhotoKind } from './illustrations.ts';
import type { Rng } from './random.ts';

export { ARTICLE_CATEGORIES, ARTICLES, type Article, type ArticleCategory } from './articles.ts';
export { SETTINGS, type SiteSettings } from './site-settings.ts';

// ---------------------------------------------------------------------------------------------
// Cities
// ---------------------------------------------------------------------------------------------

export type Locality = { name: string; latitude: number; longitude: number };

export type City = {
  name: string;
  state: string;
  country: 'India';
  latitude: number;
  longitude: number;
  /**
   * What a flat sells for, in INR per sq ft of built-up area, from the city's cheapest locality
   * to its dearest (2026 asking prices); every other category is priced from it.
   */
  salePerSqft: Range;
  /** How much of the market the city holds, relative to the others (more listings in bigger cities). */
  share: number;
  isCoastal: boolean;
  localities: Locality[];
};

export const CITIES: City[] = [
  {
    name: 'Mumbai',
    state: 'Maharashtra',
    country: 'India',
    latitude: 19.076,
    longitude: 72.8777,
    salePerSqft: [14_000, 42_000],
    share: 3,
    isCoastal: true,
    localities: [
      { name: 'Bandra West', latitude: 19.0596, longitude: 72.8295 },
      { name: 'Andheri East', latitude: 19.1136, longitude: 72.8697 },
      { name: 'Powai', latitude: 19.1176, longitude: 72.906 },
      { name: 'Worli', latitude: 19.0176, longitude: 72.8162 },
      { name: 'Goregaon East', latitude: 19.1663, longitude: 72.8526 },
      { name: 'Lower Parel', latitude: 18.9953, longitude: 72.8305 },
      { name: 'Chembur', latitude: 19.0522, longitude: 72.9005 },
      { name: 'Malad West', latitude: 19.1874, longitude: 72.8484 },
      { name: 'Kandivali West', latitude: 19.2045, longitude: 72.8376 },
      { name: 'Thane West', latitude: 19.2183, longitude: 72.9781 },
    ],
  },
  {
    name: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    latitude: 12.9716,
    longitude: 77.5946,
    salePerSqft: [6_500, 16_000],
    share: 3,
    isCoastal: false,
    localities: [
      { name: 'Whitefield', latitude: 12.9698, longitude: 77.75 },
      { name: 'Koramangala', latitude: 12.9352, longitude: 77.6245 },
      { name: 'Indiranagar', latitude: 12.9784, longitude: 77.6408 },
      { name: 'HSR Layout', latitude: 12.9121, longitude: 77.6446 },
      { name: 'Electronic City', latitude: 12.8452, longitude: 77.6602 },
      { name: 'Jayanagar', latitude: 12.925, longitude: 77.5938 },
      { name: 'Hebbal', latitude: 13.0358, longitude: 77.597 },
      { name: 'Sarjapur Road', latitude: 12.91, longitude: 77.686 },
      { name: 'Yelahanka', latitude: 13.1005, longitude: 77.5963 },
      { name: 'Marathahalli', latitude: 12.9569, longitude: 77.7011 },
    ],
  },
  {
    name: 'Delhi',
    state: 'Delhi',
    country: 'India',
    latitude: 28.6139,
    longitude: 77.209,
    salePerSqft: [8_000, 26_000],
    share: 2.5,
    isCoastal: false,
    localities: [
      { name: 'Dwarka', latitude: 28.5921, longitude: 77.046 },
      { name: 'Vasant Kunj', latitude: 28.52, longitude: 77.159 },
      { name: 'Saket', latitude: 28.5245, longitude: 77.2066 },
      { name: 'Rohini', latitude: 28.7495, longitude: 77.0565 },
      { name: 'Greater Kailash', latitude: 28.5482, longitude: 77.2386 },
      { name: 'Lajpat Nagar', latitude: 28.5677, longitude: 77.2433 },
      { name: 'Mayur Vihar', latitude: 28.6044, longitude: 77.2944 },
      { name: 'Janakpuri', latitude: 28.6219, longitude: 77.0878 },
      { name: 'Hauz Khas', latitude: 28.5494, longitude: 77.2001 },
      { name: 'Karol Bagh', latitude: 28.6519, longitude: 77.1909 },
    ],
  },
  {
    name: 'Gurugram',
    state: 'Haryana',
    country: 'India',
    latitude: 28.4595,
    longitude: 77.0266,
    salePerSqft: [8_500, 24_000],
    share: 2,
    isCoastal: false,
    localities: [
      { name: 'DLF Phase 5', latitude: 28.4436, longitude: 77.099 },
      { name: 'Sohna Road', latitude: 28.4108, longitude: 77.0433 },
      { name: 'Sector 57', latitude: 28.4212, longitude: 77.076 },
      { name: 'Golf Course Extension Road', latitude: 28.398, longitude: 77.091 },
      { name: 'Dwarka Expressway', latitude: 28.48, longitude: 76.995 },
      { name: 'South City 1', latitude: 28.4606, longitude: 77.056 },
      { name: 'MG Road', latitude: 28.4794, longitude: 77.08 },
      { name: 'Palam Vihar', latitude: 28.5074, longitude: 77.034 },
      { name: 'Sushant Lok', latitude: 28.465, longitude: 77.073 },
    ],
  },
  {
    name: 'Noida',
    state: 'Uttar Pradesh',
    country: 'India',
    latitude: 28.5355,
    longitude: 77.391,
    salePerSqft: [5_500, 12_500],
    share: 1.5,
    isCoastal: false,
    localities: [
      { name: 'Sector 150', latitude: 28.42, longitude: 77.48 },
      { name: 'Sector 62', latitude: 28.6208, longitude: 77.3639 },
      { name: 'Sector 18', latitude: 28.5708, longitude: 77.326 },
      { name: 'Sector 137', latitude: 28.51, longitude: 77.407 },
      { name: 'Sector 75', latitude: 28.5766, longitude: 77.3853 },
      { name: 'Noida Extension', latitude: 28.603, longitude: 77.43 },
      { name: 'Sector 44', latitude: 28.5526, longitude: 77.3408 },
      { name: 'Sector 128', latitude: 28.528, longitude: 77.358 },
    ],
  },
  {
    name: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    latitude: 18.5204,
    longitude: 73.8567,
    salePerSqft: [6_000, 14_500],
    share: 2,
    isCoastal: false,
    localities: [
      { name: 'Hinjewadi', latitude: 18.5913, longitude: 73.7389 },
      { name: 'Kharadi', latitude: 18.551, longitude: 73.94 },
      { name: 'Baner', latitude: 18.559, longitude: 73.7868 },
      { name: 'Wakad', latitude: 18.599, longitude: 73.763 },
      { name: 'Koregaon Park', latitude: 18.5362, longitude: 73.894 },
      { name: 'Viman Nagar', latitude: 18.5679, longitude: 73.9143 },
      { name: 'Hadapsar', latitude: 18.5089, longitude: 73.926 },
      { name: 'Aundh', latitude: 18.558, longitude: 73.8075 },
      { name: 'Kothrud', latitude: 18.5074, longitude: 73.8077 },
    ],
  },
  {
    name: 'Hyderabad',
    state: 'Telangana',
    country: 'India',
    latitude: 17.385,
    longitude: 78.4867,
    salePerSqft: [5_500, 13_500],
    share: 2,
    isCoastal: false,
    localities: [
      { name: 'Gachibowli', latitude: 17.4401, longitude: 78.3489 },
      { name: 'HITEC City', latitude: 17.4474, longitude: 78.3762 },
      { name: 'Banjara Hills', latitude: 17.4156, longitude: 78.4347 },
      { name: 'Jubilee Hills', latitude: 17.4326, longitude: 78.4071 },
      { name: 'Kondapur', latitude: 17.46, longitude: 78.357 },
      { name: 'Madhapur', latitude: 17.4483, longitude: 78.3915 },
      { name: 'Kukatpally', latitude: 17.4849, longitude: 78.4138 },
      { name: 'Manikonda', latitude: 17.4048, longitude: 78.3866 },
      { name: 'Begumpet', latitude: 17.4447, longitude: 78.4664 },
      { name: 'Miyapur', latitude: 17.496, longitude: 78.357 },
    ],
  },
  {
    name: 'Chennai',
    state: 'Tamil Nadu',
    country: 'India',
    latitude: 13.0827,
    longitude: 80.2707,
    salePerSqft: [5_500, 14_000],
    share: 2,
    isCoastal: true,
    localities: [
      { name: 'Anna Nagar', latitude: 13.085, longitude: 80.2101 },
      { name: 'Adyar', latitude: 13.0012, longitude: 80.2565 },
      { name: 'T. Nagar', latitude: 13.0418, longitude: 80.2341 },
      { name: 'Velachery', latitude: 12.9815, longitude: 80.218 },
      { name: 'Sholinganallur', latitude: 12.901, longitude: 80.2279 },
      { name: 'Porur', latitude: 13.0356, longitude: 80.1582 },
      { name: 'Mylapore', latitude: 13.0368, longitude: 80.2676 },
      { name: 'Tambaram', latitude: 12.9249, longitude: 80.1 },
      { name: 'Perungudi', latitude: 12.9654, longitude: 80.2461 },
      { name: 'Besant Nagar', latitude: 13.0002, longitude: 80.2668 },
    ],
  },
  {
    name: 'Kolkata',
    state: 'West Bengal',
    country: 'India',
    latitude: 22.5726,
    longitude: 88.3639,
    salePerSqft: [4_500, 12_000],
    share: 1.5,
    isCoastal: false,
    localities: [
      { name: 'Salt Lake', latitude: 22.5867, longitude: 88.4171 },
      { name: 'New Town', latitude: 22.59, longitude: 88.478 },
      { name: 'Ballygunge', latitude: 22.5263, longitude: 88.3657 },
      { name: 'Alipore', latitude: 22.529, longitude: 88.3307 },
      { name: 'Behala', latitude: 22.498, longitude: 88.311 },
      { name: 'Tollygunge', latitude: 22.4986, longitude: 88.3453 },
      { name: 'Kasba', latitude: 22.517, longitude: 88.389 },
      { name: 'Park Street', latitude: 22.5532, longitude: 88.3525 },
      { name: 'Dum Dum', latitude: 22.63, longitude: 88.42 },
    ],
  },
  {
    name: 'Ahmedabad',
    state: 'Gujarat',
    country: 'India',
    latitude: 23.0225,
    longitude: 72.5714,
    salePerSqft: [4_000, 9_500],
    share: 1.2,
    isCoastal: false,
    localities: [
      { name: 'Satellite', latitude: 23.029, longitude: 72.517 },
      { name: 'Bodakdev', latitude: 23.041, longitude: 72.507 },
      { name: 'Prahlad Nagar', latitude: 23.0123, longitude: 72.5108 },
      { name: 'Thaltej', latitude: 23.049, longitude: 72.508 },
      { name: 'Vastrapur', latitude: 23.0395, longitude: 72.529 },
      { name: 'Navrangpura', latitude: 23.037, longitude: 72.561 },
      { name: 'Maninagar', latitude: 22.996, longitude: 72.601 },
      { name: 'Chandkheda', latitude: 23.11, longitude: 72.588 },
      { name: 'Gota', latitude: 23.1, longitude: 72.54 },
    ],
  },
  {
    name: 'Jaipur',
    state: 'Rajasthan',
    country: 'India',
    latitude: 26.9124,
    longitude: 75.7873,
    salePerSqft: [3_800, 8_000],
    share: 1,
    isCoastal: false,
    localities: [
      { name: 'Malviya Nagar', latitude: 26.854, longitude: 75.815 },
      { name: 'Vaishali Nagar', latitude: 26.911, longitude: 75.743 },
      { name: 'Mansarovar', latitude: 26.872, longitude: 75.759 },
      { name: 'C-Scheme', latitude: 26.905, longitude: 75.803 },
      { name: 'Jagatpura', latitude: 26.823, longitude: 75.858 },
      { name: 'Raja Park', latitude: 26.8958, longitude: 75.8277 },
      { name: 'Tonk Road', latitude: 26.845, longitude: 75.8 },
      { name: 'Ajmer Road', latitude: 26.895, longitude: 75.72 },
    ],
  },
  {
    name: 'Kochi',
    state: 'Kerala',
    country: 'India',
    latitude: 9.9312,
    longitude: 76.2673,
    salePerSqft: [4_500, 9_500],
    share: 0.8,
    isCoastal: true,
    localities: [
      { name: 'Kakkanad', latitude: 10.0159, longitude: 76.3419 },
      { name: 'Edappally', latitude: 10.025, longitude: 76.308 },
      { name: 'Panampilly Nagar', latitude: 9.962, longitude: 76.295 },
      { name: 'Vyttila', latitude: 9.966, longitude: 76.318 },
      { name: 'Fort Kochi', latitude: 9.9658, longitude: 76.2421 },
      { name: 'Kaloor', latitude: 9.997, longitude: 76.295 },
      { name: 'Marine Drive', latitude: 9.979, longitude: 76.276 },
      { name: 'Thrippunithura', latitude: 9.944, longitude: 76.344 },
      { name: 'Aluva', latitude: 10.1076, longitude: 76.3516 },
    ],
  },
  {
    name: 'Chandigarh',
    state: 'Chandigarh',
    country: 'India',
    latitude: 30.7333,
    longitude: 76.7794,
    salePerSqft: [6_000, 12_000],
    share: 0.8,
    isCoastal: false,
    localities: [
      { name: 'Sector 17', latitude: 30.7398, longitude: 76.7827 },
      { name: 'Sector 35', latitude: 30.7236, longitude: 76.758 },
      { name: 'Sector 8', latitude: 30.745, longitude: 76.796 },
      { name: 'Sector 43', latitude: 30.72, longitude: 76.752 },
      { name: 'Manimajra', latitude: 30.7197, longitude: 76.8336 },
      { name: 'Zirakpur', latitude: 30.6425, longitude: 76.8173 },
      { name: 'Mohali', latitude: 30.7046, longitude: 76.7179 },
      { name: 'Panchkula', latitude: 30.6942, longitude: 76.8606 },
      { name: 'New Chandigarh', latitude: 30.785, longitude: 76.705 },
    ],
  },
  {
    name: 'Lucknow',
    state: 'Uttar Pradesh',
    country: 'India',
    latitude: 26.8467,
    longitude: 80.9462,
    salePerSqft: [4_000, 8_000],
    share: 1,
    isCoastal: false,
    localities: [
      { name: 'Gomti Nagar', latitude: 26.852, longitude: 81.0 },
      { name: 'Hazratganj', latitude: 26.85, longitude: 80.946 },
      { name: 'Aliganj', latitude: 26.8935, longitude: 80.942 },
      { name: 'Indira Nagar', latitude: 26.875, longitude: 80.993 },
      { name: 'Sushant Golf City', latitude: 26.777, longitude: 81.002 },
      { name: 'Jankipuram', latitude: 26.93, longitude: 80.942 },
      { name: 'Mahanagar', latitude: 26.871, longitude: 80.96 },
      { name: 'Gomti Nagar Extension', latitude: 26.822, longitude: 81.023 },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Parameters and categories
// ---------------------------------------------------------------------------------------------

export const PARAMETER_NAMES = [
  'Bedrooms',
  'Bathrooms',
  'Living Rooms',
  'Floors',
  'Area (sq ft)',
  'Carpet Area (sq ft)',
  'Furnishing',
  'Facing',
  'Parking',
  'Balconies',
  'Age of Property',
  'Amenities',
  'Plot Area (sq yd)',
  'Floor Number',
  'Washrooms',
  'Ceiling Height (ft)',
] as const;

export type ParameterName = (typeof PARAMETER_NAMES)[number];

export type ParameterType = 'number' | 'dropdown' | 'radiobutton' | 'checkbox' | 'textbox' | 'textarea';

export type Parameter = {
  name: ParameterName;
  /** Set on the parameters the listing search filters on (matches the `parameters.code` column). */
  code: 'bedrooms' | 'bathrooms' | 'living_rooms' | 'floors' | 'area' | 'washrooms' | null;
  type_of_parameter: ParameterType;
  type_values: string[] | null;
  is_required: boolean;
};

export const FURNISHING_OPTIONS = ['Unfurnished', 'Semi-furnished', 'Fully furnished'];
export const FACING_OPTIONS = ['North', 'East', 'South', 'West', 'North-East', 'North-West', 'South-East', 'South-West'];
export const AGE_OPTIONS = ['Under construction', 'Less than 1 year', '1–5 years', '5–10 years', 'More than 10 years'];
export const AMENITY_OPTIONS = [
  'Lift',
  'Power Backup',
  'Security',
  'CCTV',
  'Swimming Pool',
  'Club House',
  'Gym',
  "Children's Play Area",
  'Park',
  'Rainwater Harvesting',
  'Piped Gas',
  'Visitor Parking',
  'Intercom',
  'Fire Safety',
];

export const PARAMETERS: Parameter[] = [
  { name: 'Bedrooms', code: 'bedrooms', type_of_parameter: 'number', type_values: null, is_required: true },
  { name: 'Bathrooms', code: 'bathrooms', type_of_parameter: 'number', type_values: null, is_required: true },
  { name: 'Living Rooms', code: 'living_rooms', type_of_parameter: 'number', type_values: null, is_required: false },
  { name: 'Floors', code: 'floors', type_of_parameter: 'number', type_values: null, is_required: false },
  { name: 'Area (sq ft)', code: 'area', type_of_parameter: 'number', type_values: null, is_required: true },
  { name: 'Carpet Area (sq ft)', code: null, type_of_parameter: 'number', type_values: null, is_required: false },
  { name: 'Furnishing', code: null, type_of_parameter: 'dropdown', type_values: FURNISHING_OPTIONS, is_required: false },
  { name: 'Facing', code: null, type_of_parameter: 'dropdown', type_values: FACING_OPTIONS, is_required: false },
  { name: 'Parking', code: null, type_of_parameter: 'radiobutton', type_values: ['Yes', 'No'], is_required: false },
  { name: 'Balconies', code: null, type_of_parameter: 'number', type_values: null, is_required: false },
  { name: 'Age of Property', code: null, type_of_parameter: 'dropdown', type_values: AGE_OPTIONS, is_required: false },
  { name: 'Amenities', code: null, type_of_parameter: 'checkbox', type_values: AMENITY_OPTIONS, is_required: false },
  { name: 'Plot Area (sq yd)', code: null, type_of_parameter: 'number', type_values: null, is_required: false },
  { name: 'Floor Number', code: null, type_of_parameter: 'number', type_values: null, is_required: false },
  { name: 'Washrooms', code: 'washrooms', type_of_parameter: 'number', type_values: null, is_required: false },
  { name: 'Ceiling Height (ft)', code: null, type_of_parameter: 'number', type_values: null, is_required: false },
];

export type Range = [min: number, max: number];

export type RentDuration = 'Daily' | 'Monthly' | 'Quarterly' | 'Yearly';

export type Category = {
  name: string;
  slug: string;
  /** The exterior kind for the cover photo. */
  illustration: Extract<PropertyPhotoKind, 'apartment' | 'villa' | 'house' | 'penthouse' | 'plot' | 'office' | 'shop' | 'warehouse' | 'farmhouse'>;
  /** Kinds that suit the rest of a listing's gallery (the cover kind first). */
  galleryKinds: PropertyPhotoKind[];
  parameters: ParameterName[];
  /** The price per sq ft as a multiple of the city's flat rate (for plots, of the land). */
  rateFactor: number;
  /** Gross yearly rent as a share of the price: homes yield 2–3.5 %, shops, offices and sheds more. */
  rentYield: Range;
  /** Area in sq ft (built-up; for plots, the land) of categories without bedrooms. */
  area: Range;
  /** Homes: a typical n-bedroom home has `base + perBedroom × n` sq ft built up (±15 %). */
  sizeByBedrooms: { base: number; perBedroom: number } | null;
  /** How rents are quoted, drawn evenly (repeat one to weight it): homes monthly, farmhouses also by the day. */
  rentDurations: readonly RentDuration[];
  /** How common the category is among listings, relative to the others. */
  share: number;
  /** Null for categories without bedrooms. */
  bedrooms: Range | null;
  isResidential: boolean;
  /** Plots are rarely let; seed them for sale only. */
  canRent: boolean;
};

const RESIDENTIAL_INTERIORS: PropertyPhotoKind[] = ['interior-living', 'interior-bedroom', 'interior-kitchen'];

export const CATEGORIES: Category[] = [
  {
    name: 'Apartment',
    slug: 'apartment',
    illustration: 'apartment',
    galleryKinds: ['apartment', ...RESIDENTIAL_INTERIORS],
    parameters: ['Bedrooms', 'Bathrooms', 'Balconies', 'Area (sq ft)', 'Carpet Area (sq ft)', 'Floor Number', 'Furnishing', 'Facing', 'Parking', 'Age of Property', 'Amenities'],
    rateFactor: 1,
    rentYield: [0.024, 0.034],
    area: [450, 2_800],
    sizeByBedrooms: { base: 100, perBedroom: 450 },
    rentDurations: ['Monthly'],
    share: 38,
    bedrooms: [1, 4],
    isResidential: true,
    canRent: true,
  },
  {
    name: 'Villa',
    slug: 'villa',
    illustration: 'villa',
    galleryKinds: ['villa', ...RESIDENTIAL_INTERIORS],
    parameters: ['Bedrooms', 'Bathrooms', 'Living Rooms', 'Floors', 'Area (sq ft)', 'Plot Area (sq yd)', 'Furnishing', 'Facing', 'Parking', 'Age of Property', 'Amenities'],
    rateFactor: 1.15,
    rentYield: [0.02, 0.03],
    area: [2_200, 7_500],
    sizeByBedrooms: { base: 600, perBedroom: 750 },
    rentDurations: ['Monthly'],
    share: 9,
    bedrooms: [3, 6],
    isResidential: true,
    canRent: true,
  },
  {
    name: 'Independent House',
    slug: 'independent-house',
    illustration: 'house',
    galleryKinds: ['house', ...RESIDENTIAL_INTERIORS],
    parameters: ['Bedrooms', 'Bathrooms', 'Living Rooms', 'Floors', 'Area (sq ft)', 'Plot Area (sq yd)', 'Furnishing', 'Facing', 'Parking', 'Balconies', 'Age of Property'],
    rateFactor: 0.85,
    rentYield: [0.022, 0.032],
    area: [900, 4_500],
    sizeByBedrooms: { base: 300, perBedroom: 550 },
    rentDurations: ['Monthly'],
    share: 12,
    bedrooms: [2, 5],
    isResidential: true,
    canRent: true,
  },
  {
    name: 'Plot',
    slug: 'plot',
    illustration: 'plot',
    galleryKinds: ['plot'],
    parameters: ['Plot Area (sq yd)', 'Area (sq ft)', 'Facing'],
    rateFactor: 0.55,
    rentYield: [0.01, 0.02],
    area: [900, 10_000],
    sizeByBedrooms: null,
    rentDurations: ['Yearly'],
    share: 8,
    bedrooms: null,
    isResidential: true,
    canRent: false,
  },
  {
    name: 'Penthouse',
    slug: 'penthouse',
    illustration: 'penthouse',
    galleryKinds: ['penthouse', ...RESIDENTIAL_INTERIORS],
    parameters: ['Bedrooms', 'Bathrooms', 'Living Rooms', 'Balconies', 'Area (sq ft)', 'Carpet Area (sq ft)', 'Floor Number', 'Furnishing', 'Facing', 'Parking', 'Age of Property', 'Amenities'],
    rateFactor: 1.45,
    rentYield: [0.02, 0.028],
    area: [2_500, 8_000],
    sizeByBedrooms: { base: 700, perBedroom: 900 },
    rentDurations: ['Monthly'],
    share: 4,
    bedrooms: [3, 5],
    isResidential: true,
    canRent: true,
  },
  {
    name: 'Office Space',
    slug: 'office-space',
    illustration: 'office',
    galleryKinds: ['office', 'interior-living'],
    parameters: ['Area (sq ft)', 'Carpet Area (sq ft)', 'Washrooms', 'Floor Number', 'Furnishing', 'Parking', 'Age of Property', 'Amenities'],
    rateFactor: 1.05,
    rentYield: [0.06, 0.08],
    area: [500, 10_000],
    sizeByBedrooms: null,
    rentDurations: ['Monthly'],
    share: 11,
    bedrooms: null,
    isResidential: false,
    canRent: true,
  },
  {
    name: 'Shop',
    slug: 'shop',
    illustration: 'shop',
    galleryKinds: ['shop'],
    parameters: ['Area (sq ft)', 'Carpet Area (sq ft)', 'Washrooms', 'Floor Number', 'Ceiling Height (ft)', 'Facing', 'Parking', 'Age of Property'],
    rateFactor: 1.5,
    rentYield: [0.05, 0.07],
    area: [150, 2_000],
    sizeByBedrooms: null,
    rentDurations: ['Monthly'],
    share: 8,
    bedrooms: null,
    isResidential: false,
    canRent: true,
  },
  {
    name: 'Warehouse',
    slug: 'warehouse',
    illustration: 'warehouse',
    galleryKinds: ['warehouse'],
    parameters: ['Area (sq ft)', 'Plot Area (sq yd)', 'Ceiling Height (ft)', 'Washrooms', 'Parking', 'Age of Property'],
    rateFactor: 0.18,
    rentYield: [0.07, 0.09],
    area: [5_000, 60_000],
    sizeByBedrooms: null,
    rentDurations: ['Monthly'],
    share: 4,
    bedrooms: null,
    isResidential: false,
    canRent: true,
  },
  {
    name: 'Farmhouse',
    slug: 'farmhouse',
    illustration: 'farmhouse',
    galleryKinds: ['farmhouse', 'interior-living', 'interior-bedroom'],
    parameters: ['Bedrooms', 'Bathrooms', 'Living Rooms', 'Floors', 'Area (sq ft)', 'Plot Area (sq yd)', 'Furnishing', 'Parking', 'Amenities'],
    rateFactor: 0.9,
    rentYield: [0.015, 0.025],
    area: [2_000, 10_000],
    sizeByBedrooms: { base: 800, perBedroom: 700 },
    rentDurations: ['Daily', 'Daily', 'Monthly'],
    share: 6,
    bedrooms: [2, 6],
    isResidential: true,
    canRent: true,
  },
];

// ---------------------------------------------------------------------------------------------
// Outdoor facilities
// ---------------------------------------------------------------------------------------------

export type Facility = { name: string; distanceKm: Range; isCoastalOnly: boolean };

export const FACILITIES: Facility[] = [
  { name: 'School', distanceKm: [0.3, 3], isCoastalOnly: false },
  { name: 'Hospital', distanceKm: [0.5, 6], isCoastalOnly: false },
  { name: 'Metro Station', distanceKm: [0.3, 5], isCoastalOnly: false },
  { name: 'Bus Stop', distanceKm: [0.1, 1.5], isCoastalOnly: false },
  { name: 'Airport', distanceKm: [6, 40], isCoastalOnly: false },
  { name: 'Shopping Mall', distanceKm: [0.8, 8], isCoastalOnly: false },
  { name: 'Park', distanceKm: [0.1, 2], isCoastalOnly: false },
  { name: 'Gym', distanceKm: [0.2, 3], isCoastalOnly: false },
  { name: 'Bank', distanceKm: [0.2, 2.5], isCoastalOnly: false },
  { name: 'Restaurant', distanceKm: [0.1, 2], isCoastalOnly: false },
  { name: 'Temple', distanceKm: [0.2, 3], isCoastalOnly: false },
  { name: 'Railway Station', distanceKm: [1, 15], isCoastalOnly: false },
  { name: 'Pharmacy', distanceKm: [0.1, 1.5], isCoastalOnly: false },
  { name: 'Beach', distanceKm: [0.5, 20], isCoastalOnly: true },
];

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

export type Agent = {
  name: string;
  kind: 'individual' | 'agency';
  city: string;
  about_me: string;
  verified: boolean;
  email: string;
  /** E.164, unique. */
  mobile: string;
};

export const AGENTS: Agent[] = [
  {
    name: 'Aarav Malhotra',
    kind: 'individual',
    city: 'Delhi',
    about_me: 'Independent property consultant in South Delhi for eleven years, specialising in builder floors and resale flats in Saket, Hauz Khas and Greater Kailash.',
    verified: true,
    email: 'aarav.malhotra@example.com',
    mobile: '+919810010101',
  },
  {
    name: 'Sunrise Realtors',
    kind: 'agency',
    city: 'Mumbai',
    about_me: 'A team of twelve brokers covering the western suburbs from Bandra to Kandivali. We handle rentals for corporate tenants and resale purchases with full documentation support.',
    verified: true,
    email: 'hello@sunriserealtors.example.com',
    mobile: '+919820010102',
  },
  {
    name: 'Priya Nair',
    kind: 'individual',
    city: 'Kochi',
    about_me: 'I help families relocating to Kochi find apartments near Kakkanad and Edappally, and assist NRI owners with letting and managing their homes.',
    verified: false,
    email: 'priya.nair@example.com',
    mobile: '+919847010103',
  },
  {
    name: 'Keystone Property Advisors',
    kind: 'agency',
    city: 'Bengaluru',
    about_me: 'Residential and office leasing across Whitefield, Sarjapur Road and the Outer Ring Road. Our advisors work with developers, landlords and relocating tech professionals.',
    verified: true,
    email: 'contact@keystone.example.com',
    mobile: '+919880010104',
  },
  {
    name: 'Vikram Singh Rathore',
    kind: 'individual',
    city: 'Jaipur',
    about_me: 'Plots, villas and JDA-approved layouts along Ajmer Road and Jagatpura. I walk buyers through title checks and conversion papers before they commit.',
    verified: false,
    email: 'vikram.rathore@example.com',
    mobile: '+919829010105',
  },
  {
    name: 'Deccan Homes & Estates',
    kind: 'agency',
    city: 'Hyderabad',
    about_me: 'New-launch and resale apartments in Gachibowli, Kondapur and Kokapet, plus gated villa communities. We coordinate site visits and home-loan paperwork in one place.',
    verified: true,
    email: 'sales@deccanhomes.example.com',
    mobile: '+919849010106',
  },
  {
    name: 'Meera Iyer',
    kind: 'individual',
    city: 'Chennai',
    about_me: 'South Chennai specialist: Adyar, Besant Nagar and the OMR corridor. Former bank credit officer, so I can tell you early whether a deal will clear loan scrutiny.',
    verified: true,
    email: 'meera.iyer@example.com',
    mobile: '+919841010107',
  },
  {
    name: 'Gateway Realty Partners',
    kind: 'agency',
    city: 'Mumbai',
    about_me: 'Luxury sea-facing apartments and penthouses in Worli, Lower Parel and Bandra. Discreet service for buyers, sellers and landlords of premium homes.',
    verified: false,
    email: 'desk@gatewayrealty.example.com',
    mobile: '+919820010108',
  },
  {
    name: 'Arjun Reddy',
    kind: 'individual',
    city: 'Hyderabad',
    about_me: 'Commercial leasing in HITEC City and Madhapur: office floors, co-working conversions and retail frontage on main roads.',
    verified: false,
    email: 'arjun.reddy@example.com',
    mobile: '+919849010109',
  },
  {
    name: 'Capital Square Realty',
    kind: 'agency',
    city: 'Gurugram',
    about_me: 'Golf Course Road, Dwarka Expressway and Sohna Road. We track possession timelines project by project so clients know what is really ready to move in.',
    verified: true,
    email: 'info@capitalsquare.example.com',
    mobile: '+919811010110',
  },
  {
    name: 'Neha Kapoor',
    kind: 'individual',
    city: 'Noida',
    about_me: 'Helping first-time buyers compare ready and under-construction flats in Noida and Greater Noida West, with a focus on RERA status and builder track record.',
    verified: false,
    email: 'neha.kapoor@example.com',
    mobile: '+919811010111',
  },
  {
    name: 'Sahyadri Property Consultants',
    kind: 'agency',
    city: 'Pune',
    about_me: 'Apartments and row houses in Baner, Wakad and Hinjewadi. Our rental desk places IT professionals quickly, with registered leave-and-licence agreements handled online.',
    verified: true,
    email: 'team@sahyadri.example.com',
    mobile: '+919822010112',
  },
  {
    name: 'Rohit Deshmukh',
    kind: 'individual',
    city: 'Pune',
    about_me: 'Resale homes in Kothrud, Aundh and Koregaon Park. Twenty years in the city means I know which societies are well run and which have pending repairs.',
    verified: false,
    email: 'rohit.deshmukh@example.com',
    mobile: '+919822010113',
  },
  {
    name: 'Eastern Keys Realty',
    kind: 'agency',
    city: 'Kolkata',
    about_me: 'Flats and independent houses in Salt Lake, New Town and along the EM Bypass. We also manage rentals for owners who live outside Kolkata.',
    verified: true,
    email: 'hello@easternkeys.example.com',
    mobile: '+919830010114',
  },
  {
    name: 'Ananya Banerjee',
    kind: 'individual',
    city: 'Kolkata',
    about_me: 'Heritage and premium homes in Ballygunge, Alipore and Park Street. I coordinate with local advocates on mutation and title verification for older properties.',
    verified: false,
    email: 'ananya.banerjee@example.com',
    mobile: '+919830010115',
  },
  {
    name: 'Sabarmati Estates',
    kind: 'agency',
    city: 'Ahmedabad',
    about_me: 'Residential and commercial property along SG Highway, Bodakdev and Prahlad Nagar, including office space for firms moving to the city.',
    verified: true,
    email: 'sales@sabarmati.example.com',
    mobile: '+919825010116',
  },
  {
    name: 'Kunal Shah',
    kind: 'individual',
    city: 'Ahmedabad',
    about_me: 'Shops and small offices in Navrangpura and Satellite for retailers, clinics and professional practices. Transparent commission, agreed in writing up front.',
    verified: false,
    email: 'kunal.shah@example.com',
    mobile: '+919825010117',
  },
  {
    name: 'Tricity Homes',
    kind: 'agency',
    city: 'Chandigarh',
    about_me: 'Chandigarh, Mohali and Panchkula: sector houses, builder floors and new townships in Zirakpur and New Chandigarh.',
    verified: true,
    email: 'contact@tricityhomes.example.com',
    mobile: '+919814010118',
  },
  {
    name: 'Harpreet Kaur Gill',
    kind: 'individual',
    city: 'Chandigarh',
    about_me: 'Rentals for families and students in the tricity, with furnished options near Sector 17 and the PGI campus.',
    verified: false,
    email: 'harpreet.gill@example.com',
    mobile: '+919814010119',
  },
  {
    name: 'Awadh Realty',
    kind: 'agency',
    city: 'Lucknow',
    about_me: 'New projects in Gomti Nagar Extension and Sushant Golf City, and retail space in Hazratganj. LDA and RERA paperwork checked before every listing goes live.',
    verified: true,
    email: 'info@awadhrealty.example.com',
    mobile: '+919839010120',
  },
  {
    name: 'Faisal Siddiqui',
    kind: 'individual',
    city: 'Lucknow',
    about_me: 'Independent houses and plots in Indira Nagar, Aliganj and Jankipuram. Happy to arrange evening and weekend site visits.',
    verified: false,
    email: 'faisal.siddiqui@example.com',
    mobile: '+919839010121',
  },
  {
    name: 'Malabar Coast Properties',
    kind: 'agency',
    city: 'Kochi',
    about_me: 'Waterfront apartments on Marine Drive, villas in Thrippunithura and heritage homes in Fort Kochi, with a dedicated desk for Gulf-based NRI buyers.',
    verified: true,
    email: 'enquiries@malabarcoast.example.com',
    mobile: '+919847010122',
  },
  {
    name: 'Kavya Raghavan',
    kind: 'individual',
    city: 'Bengaluru',
    about_me: 'South Bengaluru homes in Jayanagar, HSR Layout and Koramangala. I check khata, BBMP tax and society dues on every resale deal.',
    verified: false,
    email: 'kavya.raghavan@example.com',
    mobile: '+919880010123',
  },
  {
    name: 'Coromandel Realty',
    kind: 'agency',
    city: 'Chennai',
    about_me: 'Apartments, villas and office space across Anna Nagar, Velachery and the IT corridor, backed by an in-house legal team for document verification.',
    verified: true,
    email: 'hello@coromandel.example.com',
    mobile: '+919841010124',
  },
];

export type Owner = { name: string; city: string; email: string; mobile: string };

export const USERS: Owner[] = [
  { name: 'Sanjay Gupta', city: 'Delhi', email: 'sanjay.gupta@example.com', mobile: '+919810020201' },
  { name: 'Pooja Verma', city: 'Noida', email: 'pooja.verma@example.com', mobile: '+919811020202' },
  { name: 'Amit Patel', city: 'Ahmedabad', email: 'amit.patel@example.com', mobile: '+919825020203' },
  { name: 'Lakshmi Narayanan', city: 'Chennai', email: 'lakshmi.narayanan@example.com', mobile: '+919841020204' },
  { name: 'Rahul Joshi', city: 'Pune', email: 'rahul.joshi@example.com', mobile: '+919822020205' },
  { name: 'Sneha Kulkarni', city: 'Mumbai', email: 'sneha.kulkarni@example.com', mobile: '+919820020206' },
  { name: 'Imran Qureshi', city: 'Hyderabad', email: 'imran.qureshi@example.com', mobile: '+919849020207' },
  { name: 'Divya Menon', city: 'Kochi', email: 'divya.menon@example.com', mobile: '+919847020208' },
  { name: 'Gurpreet Sandhu', city: 'Chandigarh', email: 'gurpreet.sandhu@example.com', mobile: '+919814020209' },
  { name: 'Ritika Agarwal', city: 'Bengaluru', email: 'ritika.agarwal@example.com', mobile: '+919880020210' },
];

// ---------------------------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------------------------

export type Project = {
  name: string;
  city: string;
  /** One of the city's localities in CITIES. */
  locality: string;
  /** Name of a CATEGORIES entry. */
  category: string;
  type: 'upcoming' | 'under_construction';
  description: string;
  /** Plan titles, e.g. "2 BHK – 1,150 sq ft"; each suits renderFloorPlan. */
  plans: string[];
};

export const PROJECTS: Project[] = [
  {
    name: 'Aurelia Heights',
    city: 'Mumbai',
    locality: 'Powai',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Two 32-storey towers overlooking Powai Lake, five minutes from the Hiranandani business district. Homes are planned for cross-ventilation, with a podium garden, an indoor pool and a two-level car park so the ground stays free for children. Possession of Tower A is scheduled ahead of Tower B.',
    plans: ['2 BHK – 1,050 sq ft', '3 BHK – 1,480 sq ft', '4 BHK – 2,150 sq ft'],
  },
  {
    name: 'Seabreeze Residences',
    city: 'Mumbai',
    locality: 'Worli',
    category: 'Apartment',
    type: 'upcoming',
    description:
      'A single slender tower on the Worli sea face with only two homes per floor, each with an unobstructed view of the Arabian Sea and the Sea Link. Amenities include a sky lounge, a lap pool and concierge services.',
    plans: ['3 BHK – 1,950 sq ft', '4 BHK – 2,700 sq ft', 'Penthouse – 4,800 sq ft'],
  },
  {
    name: 'Whitefield Greens',
    city: 'Bengaluru',
    locality: 'Whitefield',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Mid-rise apartments spread over nine acres, with 70% of the land left open for gardens and a jogging loop. Walking distance to the Whitefield metro station and the ITPB tech park, aimed at families who want a short commute.',
    plans: ['2 BHK – 1,180 sq ft', '3 BHK – 1,620 sq ft'],
  },
  {
    name: 'Tech Park One',
    city: 'Bengaluru',
    locality: 'Electronic City',
    category: 'Office Space',
    type: 'upcoming',
    description:
      'A Grade-A office campus with large floor plates suited to technology and captive centres, a food court, EV charging and a shuttle link to the elevated expressway. Designed to green-building standards with fully glazed, daylit floors.',
    plans: ['Office Floor – 12,000 sq ft', 'Office Suite – 2,400 sq ft'],
  },
  {
    name: 'Dwarka Residency',
    city: 'Delhi',
    locality: 'Dwarka',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'A group-housing society close to the Dwarka Sector 21 metro interchange and the airport express line. Earthquake-resistant structure, rooftop solar for common areas and a community hall for family functions.',
    plans: ['2 BHK – 1,100 sq ft', '3 BHK – 1,550 sq ft'],
  },
  {
    name: 'The Vasant Collection',
    city: 'Delhi',
    locality: 'Vasant Kunj',
    category: 'Villa',
    type: 'upcoming',
    description:
      'Eighteen low-density garden villas bordering the Aravalli ridge, each with a private lawn, a basement for parking and staff quarters. A quiet address with Vasant Kunj malls and the airport within a short drive.',
    plans: ['4 BHK – 4,200 sq ft', '5 BHK – 5,600 sq ft'],
  },
  {
    name: 'Golf Vista Residences',
    city: 'Gurugram',
    locality: 'Golf Course Extension Road',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'High-rise apartments with views over the golf course, a 50,000 sq ft clubhouse and a dedicated drop-off for school buses. Each home has a utility balcony and provision for a private lift lobby on upper floors.',
    plans: ['3 BHK – 1,850 sq ft', '4 BHK – 2,600 sq ft', 'Penthouse – 5,200 sq ft'],
  },
  {
    name: 'Cyber Gateway',
    city: 'Gurugram',
    locality: 'MG Road',
    category: 'Office Space',
    type: 'under_construction',
    description:
      'An office tower on MG Road, a short walk from the Rapid Metro, offering bare-shell and warm-shell floors. Three levels of basement parking, a retail arcade at the podium and 100% power backup.',
    plans: ['Office Floor – 18,000 sq ft', 'Office Suite – 3,200 sq ft'],
  },
  {
    name: 'Expressway Heights',
    city: 'Noida',
    locality: 'Sector 150',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Towers set within a low-density sports-themed township along the Noida–Greater Noida Expressway, with a cricket ground, tennis courts and a central lake. Planned for buyers who want space and greenery within reach of Delhi.',
    plans: ['2 BHK – 1,250 sq ft', '3 BHK – 1,750 sq ft', '4 BHK – 2,450 sq ft'],
  },
  {
    name: 'Sector 62 Trade Centre',
    city: 'Noida',
    locality: 'Sector 62',
    category: 'Office Space',
    type: 'upcoming',
    description:
      'Compact, ready-to-fit-out office units for start-ups and professional firms near the Sector 62 metro station, with shared meeting rooms, a food court and visitor parking.',
    plans: ['Office Suite – 650 sq ft', 'Office Suite – 1,300 sq ft'],
  },
  {
    name: 'Baner Hillside',
    city: 'Pune',
    locality: 'Baner',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Terraced apartments on the slopes of Baner hill, with most homes facing the greenery of the Pashan–Baner hills. Rainwater harvesting, an organic-waste converter and a rooftop amphitheatre are part of the plan.',
    plans: ['2 BHK – 980 sq ft', '3 BHK – 1,380 sq ft'],
  },
  {
    name: 'Hinjewadi Tech Habitat',
    city: 'Pune',
    locality: 'Hinjewadi',
    category: 'Office Space',
    type: 'upcoming',
    description:
      'A business park next to Phase 1 of the Rajiv Gandhi Infotech Park, designed for flexible floors that can be leased whole or split into suites. The upcoming metro line will stop at the park entrance.',
    plans: ['Office Floor – 15,000 sq ft', 'Office Suite – 2,800 sq ft'],
  },
  {
    name: 'Gachibowli Skyrise',
    city: 'Hyderabad',
    locality: 'Gachibowli',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Forty-storey towers minutes from the Financial District, with sky gardens every tenth floor, a clubhouse with a co-working lounge and a shuttle to HITEC City.',
    plans: ['2 BHK – 1,300 sq ft', '3 BHK – 1,850 sq ft', '4 BHK – 2,750 sq ft'],
  },
  {
    name: 'Jubilee Enclave',
    city: 'Hyderabad',
    locality: 'Jubilee Hills',
    category: 'Villa',
    type: 'upcoming',
    description:
      'A gated enclave of contemporary villas on the quieter side of Jubilee Hills, each with a double-height living room, a home office and a terrace garden. Only twenty-four homes are planned.',
    plans: ['4 BHK – 4,500 sq ft', '5 BHK – 6,200 sq ft'],
  },
  {
    name: 'Adyar Riverside',
    city: 'Chennai',
    locality: 'Adyar',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Boutique apartments near the Adyar estuary, within walking distance of schools, the Theosophical Society gardens and Besant Nagar beach. Stilt parking, sea-breeze orientation and generous balconies.',
    plans: ['2 BHK – 1,100 sq ft', '3 BHK – 1,560 sq ft'],
  },
  {
    name: 'OMR Tech Square',
    city: 'Chennai',
    locality: 'Sholinganallur',
    category: 'Office Space',
    type: 'upcoming',
    description:
      'An IT/ITES-ready office building on the Old Mahabalipuram Road with large floor plates, redundant fibre connectivity and a food court, close to the upcoming metro corridor.',
    plans: ['Office Floor – 20,000 sq ft', 'Office Suite – 3,500 sq ft'],
  },
  {
    name: 'New Town Eco Residences',
    city: 'Kolkata',
    locality: 'New Town',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Energy-efficient apartments near Eco Park with solar-assisted common areas, a waterbody-facing clubhouse and easy access to the airport and Sector V offices.',
    plans: ['2 BHK – 950 sq ft', '3 BHK – 1,350 sq ft'],
  },
  {
    name: 'Sector Five Business Hub',
    city: 'Kolkata',
    locality: 'Salt Lake',
    category: 'Office Space',
    type: 'upcoming',
    description:
      'Modern office floors in the Salt Lake IT cluster, walking distance from the Sector V metro station, with a cafeteria, training rooms and secure basement parking.',
    plans: ['Office Floor – 10,000 sq ft', 'Office Suite – 1,800 sq ft'],
  },
  {
    name: 'Riverfront Residences',
    city: 'Ahmedabad',
    locality: 'Navrangpura',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Apartments a few minutes from the Sabarmati Riverfront, with large sit-outs for warm evenings, a terrace garden and a community hall sized for family functions.',
    plans: ['3 BHK – 1,750 sq ft', '4 BHK – 2,350 sq ft'],
  },
  {
    name: 'SG Highway Business Bay',
    city: 'Ahmedabad',
    locality: 'Thaltej',
    category: 'Shop',
    type: 'upcoming',
    description:
      'A retail and office podium on SG Highway with double-height ground-floor showrooms, upper-floor offices and ample visitor parking for high footfall.',
    plans: ['Showroom – 1,200 sq ft', 'Shop – 450 sq ft', 'Office Suite – 900 sq ft'],
  },
  {
    name: 'Pink City Villas',
    city: 'Jaipur',
    locality: 'Jagatpura',
    category: 'Villa',
    type: 'under_construction',
    description:
      'A gated villa community with Rajasthani jaali detailing, courtyards that stay cool in summer, and a clubhouse. Close to the Jagatpura railway station and the ring road.',
    plans: ['3 BHK – 2,400 sq ft', '4 BHK – 3,100 sq ft'],
  },
  {
    name: 'Vaishali Royale',
    city: 'Jaipur',
    locality: 'Vaishali Nagar',
    category: 'Apartment',
    type: 'upcoming',
    description:
      'A compact apartment project in an established West Jaipur neighbourhood, close to schools and markets, with a rooftop garden and covered parking for every home.',
    plans: ['2 BHK – 1,050 sq ft', '3 BHK – 1,450 sq ft'],
  },
  {
    name: 'Backwater Bay',
    city: 'Kochi',
    locality: 'Marine Drive',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Waterfront apartments facing the Vembanad backwaters, with a boat jetty, a riverside promenade and homes oriented to catch the sea breeze. Popular with NRI buyers from the Gulf.',
    plans: ['2 BHK – 1,150 sq ft', '3 BHK – 1,650 sq ft', '4 BHK – 2,300 sq ft'],
  },
  {
    name: 'Kakkanad Tech Towers',
    city: 'Kochi',
    locality: 'Kakkanad',
    category: 'Office Space',
    type: 'upcoming',
    description:
      'Plug-and-play office floors near the Kakkanad IT cluster with shared conference facilities, a food court and shuttle services to the Vyttila hub.',
    plans: ['Office Floor – 8,000 sq ft', 'Office Suite – 1,500 sq ft'],
  },
  {
    name: 'Tricity Meadows',
    city: 'Chandigarh',
    locality: 'Zirakpur',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Affordable apartments on the Chandigarh–Ambala highway with views of the Shivalik foothills on clear days, a school within the township and quick access to the airport.',
    plans: ['2 BHK – 1,050 sq ft', '3 BHK – 1,400 sq ft'],
  },
  {
    name: 'Shivalik Villas',
    city: 'Chandigarh',
    locality: 'New Chandigarh',
    category: 'Villa',
    type: 'upcoming',
    description:
      'Independent villas on 250–500 sq yd plots in the New Chandigarh master plan, with wide tree-lined roads, a central park and the Shivalik hills as a backdrop.',
    plans: ['3 BHK – 2,600 sq ft', '4 BHK – 3,400 sq ft'],
  },
  {
    name: 'Gomti Greens',
    city: 'Lucknow',
    locality: 'Gomti Nagar Extension',
    category: 'Apartment',
    type: 'under_construction',
    description:
      'Apartments close to the Shaheed Path and the upcoming IT city, with a landscaped central court, a clubhouse and a dedicated play area for younger children.',
    plans: ['2 BHK – 1,000 sq ft', '3 BHK – 1,420 sq ft'],
  },
  {
    name: 'Awadh Retail Square',
    city: 'Lucknow',
    locality: 'Hazratganj',
    category: 'Shop',
    type: 'upcoming',
    description:
      'A heritage-style retail arcade in Hazratganj with ground-floor shops on the main boulevard, upper-floor showrooms and a basement car park.',
    plans: ['Shop – 300 sq ft', 'Showroom – 1,100 sq ft'],
  },
];

// ---------------------------------------------------------------------------------------------
// Marketplace content
// ---------------------------------------------------------------------------------------------

export type Faq = { question: string; answer: string };

export const FAQS: Faq[] = [
  {
    question: 'How do I list my property?',
    answer:
      'Create a free account, choose “Post property” and fill in the details: category, price, location on the map, photos and the features buyers filter on, such as bedrooms and area. Listings are reviewed before they go live, usually within a day.',
  },
  {
    question: 'Is it free to post a listing?',
    answer:
      'Yes. The Free package lets you publish up to two listings for 30 days. If you need more listings, featured placement or project pages, you can buy the Basic or Pro package at any time.',
  },
  {
    question: 'What does a “Verified” badge on an agent mean?',
    answer:
      'The agent has submitted their identity proof and RERA registration details, which our team has checked. Verification confirms who the agent is; it is not a guarantee about any particular property, so always do your own due diligence.',
  },
  {
    question: 'How do I contact an owner or agent?',
    answer:
      'Open the listing and use “Chat” or “Call”. Your phone number is shared only when you choose to call, and you can block or report anyone who misuses the chat.',
  },
  {
    question: 'What are premium properties?',
    answer:
      'Some owners choose to show full details of high-value listings only to serious buyers. You can view a premium property with a Premium Unlock Day Pass, which gives 24 hours of access, or with a package that includes premium access.',
  },
  {
    question: 'How does featuring a property work?',
    answer:
      'Featured listings appear at the top of search results and on the home page for the duration of your package. Choose “Feature this property” from your dashboard; the request is approved once the listing itself is approved.',
  },
  {
    question: 'Can I list an under-construction project?',
    answer:
      'Yes, developers and agents with a package that includes project listings can create a project page with floor plans, brochures and construction updates. Please include the RERA registration number in the description.',
  },
  {
    question: 'How accurate is the mortgage calculator?',
    answer:
      'It uses the standard EMI formula with the loan amount, interest rate and tenure you enter. Actual EMIs depend on your lender’s rate, fees and how the rate resets, so treat the result as an estimate.',
  },
  {
    question: 'I found a listing that looks fake. What should I do?',
    answer:
      'Use “Report this listing” on the property page and pick a reason. Our moderation team reviews every report. Never pay a token amount before visiting the property and seeing the owner’s documents.',
  },
  {
    question: 'How do I mark my property as sold or rented?',
    answer:
      'Go to “My properties”, open the listing and change its status to Sold or Rented. It will stop appearing in search results but stays in your dashboard for your records.',
  },
  {
    question: 'Can I save properties and get alerts?',
    answer:
      'Tap the heart on any listing to add it to your favourites. Turn on notifications in your profile to hear about price changes and replies to your enquiries.',
  },
  {
    question: 'How do I delete my account?',
    answer:
      'Go to Profile → Settings → Delete account. Your listings are removed from the site and your personal data is deleted, except for records we must keep by law, such as payment invoices.',
  },
];

export const REPORT_REASONS: string[] = [
  'Incorrect price',
  'Property already sold or rented',
  'Fake or misleading photos',
  'Wrong location',
  'Spam or duplicate listing',
  'Fraudulent owner or agent',
];

export type FeatureName = 'property_list' | 'property_feature' | 'project_list' | 'project_feature' | 'mortgage_calculator_detail' | 'premium_properties' | 'project_access';

export type PackageFeature = { name: FeatureName; limit_type: 'limited' | 'unlimited'; limit: number | null };

export type MarketPackage = {
  name: string;
  package_type: 'free' | 'paid';
  /** INR. */
  price: number;
  duration_hours: number;
  description: string;
  features: PackageFeature[];
};

const limited = (name: FeatureName, limit: number): PackageFeature => ({ name, limit_type: 'limited', limit });
const unlimited = (name: FeatureName): PackageFeature => ({ name, limit_type: 'unlimited', limit: null });

export const PACKAGES: MarketPackage[] = [
  {
    name: 'Free',
    package_type: 'free',
    price: 0,
    duration_hours: 720,
    description: 'Post up to two properties for 30 days and see the full mortgage breakdown.',
    features: [limited('property_list', 2), unlimited('mortgage_calculator_detail')],
  },
  {
    name: 'Basic',
    package_type: 'paid',
    price: 999,
    duration_hours: 720,
    description: 'For owners with a few properties: more listings, two featured slots and one project page.',
    features: [limited('property_list', 10), limited('property_feature', 2), limited('project_list', 1), unlimited('mortgage_calculator_detail'), limited('premium_properties', 3)],
  },
  {
    name: 'Pro',
    package_type: 'paid',
    price: 2499,
    duration_hours: 2160,
    description: 'For agents and developers: generous listing limits, featured projects and unlimited premium access for 90 days.',
    features: [
      limited('property_list', 50),
      limited('property_feature', 10),
      limited('project_list', 5),
      limited('project_feature', 2),
      unlimited('mortgage_calculator_detail'),
      unlimited('premium_properties'),
      unlimited('project_access'),
    ],
  },
  {
    name: 'Premium Unlock Day Pass',
    package_type: 'paid',
    price: 199,
    duration_hours: 24,
    description: 'Unlock the full details of one premium property for 24 hours.',
    features: [limited('premium_properties', 1)],
  },
];

export type Slider = {
  heading: string;
  subheading: string;
  /** 1 image, 2 category, 3 property, 4 link. */
  type: 1 | 2 | 3 | 4;
  /** For type 2: a CATEGORIES name. */
  category?: string;
  /** For type 4. */
  link?: string;
};

export const SLIDERS: Slider[] = [
  { heading: 'Find a home you will love', subheading: 'Verified listings across 14 Indian cities, from studio flats to sea-facing villas.', type: 1 },
  { heading: 'Villas with room to breathe', subheading: 'Private gardens, gated communities and space for the whole family.', type: 2, category: 'Villa' },
  { heading: 'This week’s featured home', subheading: 'Hand-picked by our editors for location, light and value.', type: 3 },
  { heading: 'Know your home-loan budget', subheading: 'Read our guide to eligibility, EMIs and tax benefits before you start house-hunting.', type: 4, link: '/articles' },
];

export type VerificationField = {
  name: string;
  field_type: 'text' | 'number' | 'dropdown' | 'radio' | 'checkbox' | 'textarea' | 'file';
  is_required: boolean;
  values?: string[];
};

export const AGENT_VERIFICATION_FIELDS: VerificationField[] = [
  { name: 'Full name as on ID', field_type: 'text', is_required: true },
  { name: 'RERA registration number', field_type: 'text', is_required: true },
  { name: 'Years of experience', field_type: 'dropdown', is_required: true, values: ['Less than 1 year', '1–3 years', '3–5 years', '5–10 years', 'More than 10 years'] },
  { name: 'ID proof (Aadhaar, PAN or passport)', field_type: 'file', is_required: true },
];

// ---------------------------------------------------------------------------------------------
// Listing copy
// ---------------------------------------------------------------------------------------------

export const PROPERTY_TITLE_PARTS = {
  /** Optional lead-in words, by listing purpose. */
  adjectives: {
    sale: ['Spacious', 'Well-lit', 'Vastu-compliant', 'Premium', 'Ready-to-move', 'Newly built', 'Airy', 'Well-maintained'],
    rent: ['Spacious', 'Well-lit', 'Well-maintained', 'Family-friendly', 'Airy', 'Ready-to-move'],
    commercial: ['Prime', 'Well-located', 'High-visibility', 'Ready-to-use'],
    land: ['Corner', 'Gated-community', 'Clear-title', 'Well-located', 'Road-facing'],
  },
  /** The noun used for each category in titles; several entries mean a random pick. */
  nouns: {
    Apartment: ['Apartment', 'Flat'],
    Villa: ['Villa'],
    'Independent House': ['Independent House', 'House'],
    Plot: ['Residential Plot', 'Plot'],
    Penthouse: ['Penthouse'],
    'Office Space': ['Office Space', 'Commercial Office'],
    Shop: ['Shop', 'Retail Shop', 'Showroom'],
    Warehouse: ['Warehouse', 'Industrial Shed', 'Godown'],
    Farmhouse: ['Farmhouse'],
  } as Record<string, string[]>,
  purpose: { sale: 'for Sale', rent: 'for Rent' },
};

/** "3 BHK Apartment for Sale in Powai, Mumbai"; bedrooms are ignored for land and commercial categories. */
export function composePropertyTitle(rng: Rng, category: string, bedrooms: number | null, locality: string, city: string, forRent: boolean): string {
  const parts = PROPERTY_TITLE_PARTS;
  const known = CATEGORIES.find((c) => c.name === category);
  const noun = rng.pick(parts.nouns[category] ?? [category]);
  const pool = known && !known.isResidential ? parts.adjectives.commercial : category === 'Plot' ? parts.adjectives.land : forRent ? parts.adjectives.rent : parts.adjectives.sale;
  const adjective = rng.chance(0.35) ? `${rng.pick(pool)} ` : '';
  const hasBedrooms = known ? known.bedrooms !== null : bedrooms !== null && bedrooms > 0;
  let subject: string;
  if (hasBedrooms && bedrooms !== null && bedrooms > 0) subject = `${bedrooms} BHK ${noun}`;
  else if (hasBedrooms && category === 'Apartment') subject = 'Studio Apartment';
  else subject = noun;
  const purpose = forRent ? parts.purpose.rent : parts.purpose.sale;
  return `${adjective}${subject} ${purpose} in ${locality}, ${city}`;
}

export type DescriptionDetails = {
  category: string;
  bedrooms?: number | null;
  bathrooms?: number | null;
  /** sq ft. */
  area?: number | null;
  locality: string;
  city: string;
  forRent: boolean;
  furnishing?: string | null;
  facing?: string | null;
  floorNumber?: number | null;
  totalFloors?: number | null;
  amenities?: string[];
  /** Nearby facilities with distances in km. */
  nearby?: Array<{ name: string; distanceKm: number }>;
};

function listPhrase(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "a school", "an east-facing door". */
function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const USES: Record<string, string[]> = {
  'Office Space': ['IT and consulting teams', 'a start-up that needs to move in quickly', 'a chartered accountancy or law practice', 'a regional sales office'],
  Shop: ['a pharmacy', 'a café or bakery', 'a boutique', 'a mobile or electronics store', 'a clinic or diagnostic collection centre'],
  Warehouse: ['e-commerce fulfilment', 'FMCG distribution', 'light manufacturing', 'cold-chain storage with suitable fit-out'],
};

/**
 * Two or three short paragraphs (separated by a blank line) describing a listing, varied by `rng`.
 * Plain text; wrap paragraphs in <p> if HTML is needed.
 */
export function composePropertyDescription(rng: Rng, details: DescriptionDetails): string {
  const { category, locality, city, forRent } = details;
  const known = CATEGORIES.find((c) => c.name === category);
  const noun = (PROPERTY_TITLE_PARTS.nouns[category] ?? [category])[0].toLowerCase();
  const area = details.area ? `${Math.round(details.area).toLocaleString('en-IN')} sq ft` : null;
  const bhk = details.bedrooms ? `${details.bedrooms} BHK ` : '';
  // Only mention what the category actually records (no "3rd floor" for a villa, no amenities for a plot).
  const has = (parameter: ParameterName) => !known || known.parameters.includes(parameter);
  const isCommercial = known ? !known.isResidential : false;
  const paragraphs: string[] = [];
  let opening: string;
  if (category === 'Plot') {
    const sqyd = details.area ? ` (about ${Math.round(details.area / 9).toLocaleString('en-IN')} sq yd)` : '';
    opening = rng.pick([
      `A ${area ?? 'well-sized'}${sqyd} residential plot in ${locality}, ${city}, ready for you to build the home you have in mind.`,
      `This plot in ${locality} measures ${area ?? 'a generous size'}${sqyd} and sits in a developing residential pocket of ${city}.`,
    ]);
    opening += ` ${rng.pick([
      'The layout has internal roads, drainage lines and streetlights in place.',
      'Electricity and water connections are available at the plot boundary.',
      'Neighbouring plots are already built up, so the area is well settled.',
    ])}`;
    if (details.facing) opening += ` The plot is ${details.facing.toLowerCase()}-facing.`;
  } else if (isCommercial) {
    opening = rng.pick([
      `This ${area ? `${area} ` : ''}${noun} in ${locality}, ${city} is suited to ${listPhrase(rng.sample(USES[category] ?? ['a growing business'], 2))}.`,
      `A ${area ? `${area} ` : ''}${noun} in one of ${city}'s busiest commercial stretches, ${locality}.`,
    ]);
    if (has('Floor Number') && details.floorNumber !== null && details.floorNumber !== undefined) {
      opening += details.floorNumber === 0 ? ' It is on the ground floor with direct street frontage.' : ` It is on the ${ordinal(details.floorNumber)} floor with lift access.`;
    }
    if (has('Furnishing') && details.furnishing) opening += ` The unit is ${details.furnishing.toLowerCase()}.`;
  } else {
    const floor =
      has('Floor Number') && details.floorNumber !== null && details.floorNumber !== undefined && details.floorNumber > 0
        ? ` on the ${ordinal(details.floorNumber)} floor${details.totalFloors ? ` of ${details.totalFloors}` : ''}`
        : '';
    opening = rng.pick([
      `This ${bhk}${noun} in ${locality} offers ${area ?? 'plenty of'} of well-planned living space${floor}.`,
      `Set in one of ${city}'s most sought-after neighbourhoods, this ${bhk}${noun} in ${locality} spans ${area ?? 'a comfortable area'}${floor}.`,
      `A bright ${bhk}${noun}${floor} in ${locality}, ${city}, with ${area ?? 'generous'} of living space and good natural light through the day.`,
    ]);
    const features: string[] = [];
    if (details.bedrooms && details.bathrooms) features.push(`${details.bedrooms} bedroom${details.bedrooms > 1 ? 's' : ''} and ${details.bathrooms} bathroom${details.bathrooms > 1 ? 's' : ''}`);
    if (details.facing) features.push(withArticle(`${details.facing.toLowerCase()}-facing main door`));
    if (features.length) opening += ` It has ${listPhrase(features)}.`;
    if (has('Furnishing') && details.furnishing) {
      opening += ` ${rng.pick([
        `The home comes ${details.furnishing.toLowerCase()}.`,
        `It is offered ${details.furnishing.toLowerCase()}${details.furnishing === 'Fully furnished' ? ', with wardrobes, appliances and modular kitchen fittings' : ''}.`,
      ])}`;
    }
  }
  paragraphs.push(opening);
  const middle: string[] = [];
  if (has('Amenities') && details.amenities && details.amenities.length > 0) {
    const chosen = details.amenities.slice(0, 5).map((a) => a.toLowerCase());
    middle.push(isCommercial ? `The building offers ${listPhrase(chosen)}.` : rng.pick([`Residents have access to ${listPhrase(chosen)}.`, `The building offers ${listPhrase(chosen)}.`]));
  }
  if (details.nearby && details.nearby.length > 0) {
    const near = [...details.nearby]
      .sort((a, b) => a.distanceKm - b.distanceKm)
      .slice(0, 3)
      .map((f) => `${withArticle(f.name.toLowerCase())} ${f.distanceKm < 1 ? `${Math.round(f.distanceKm * 1000)} m` : `${f.distanceKm.toFixed(1)} km`} away`);
    middle.push(
      rng.pick([
        `${locality} is well connected, with ${listPhrase(near)}.`,
        `Everyday needs are close at hand: ${listPhrase(near)}.`,
        `Getting around is easy from here, with ${listPhrase(near)}.`,
      ]),
    );
  }
  if (middle.length) paragraphs.push(middle.join(' '));
  if (isCommercial) {
    paragraphs.push(
      forRent
        ? rng.pick([
            'Available on a lease with a lock-in period; the rent-free fit-out period is negotiable.',
            'Suitable for immediate occupation. Lease terms, escalation and deposit can be discussed with the owner.',
          ])
        : rng.pick([
            'Title documents and approvals are available for verification. Site visits can be scheduled on request.',
            'The property is offered with clear title and can also be bought with an existing tenant in place.',
          ]),
    );
  } else if (forRent) {
    paragraphs.push(
      rng.pick([
        'Available for families and working professionals. The security deposit and move-in date are open to discussion.',
        'The owner prefers a long-term tenant; a registered rental agreement and police verification are required.',
        'Maintenance charges are included in the rent. Visits can be arranged on weekdays and weekends.',
      ]),
    );
  } else {
    paragraphs.push(
      rng.pick([
        'Title documents are available for verification, and buyers using a home loan are welcome.',
        'The price is negotiable for a quick, straightforward sale. Site visits can be scheduled on request.',
        'All approvals are in place and the property is ready for registration once the sale agreement is signed.',
      ]),
    );
  }
  return paragraphs.join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Money helpers
// ---------------------------------------------------------------------------------------------

/** Indian digit grouping: 12500000 → "1,25,00,000". */
export function formatIndianNumber(value: number): string {
  return Math.round(value).toLocaleString('en-IN');
}

/** "₹1.25 Cr", "₹45 L", "₹35,000". */
export function formatInrShort(value: number): string {
  if (value >= 10_000_000) return `₹${(value / 10_000_000).toFixed(2).replace(/\.?0+$/, '')} Cr`;
  if (value >= 100_000) return `₹${(value / 100_000).toFixed(2).replace(/\.?0+$/, '')} L`;
  return `₹${formatIndianNumber(value)}`;
}
