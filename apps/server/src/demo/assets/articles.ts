/**
 * Demo articles for Indian buyers, renters and owners. Figures reflect rules as commonly stated
 * at the time of writing and each piece tells readers to confirm current rates before acting.
 */

export type ArticleCategory = { name: string; slug: string };

export const ARTICLE_CATEGORIES: ArticleCategory[] = [
  { name: 'Buying Guide', slug: 'buying-guide' },
  { name: 'Renting', slug: 'renting' },
  { name: 'Home Loans', slug: 'home-loans' },
  { name: 'Market Trends', slug: 'market-trends' },
  { name: 'Legal & Tax', slug: 'legal-and-tax' },
];

export type Article = {
  title: string;
  slug: string;
  /** Name of an ARTICLE_CATEGORIES entry. */
  category: string;
  /** One or two sentences for cards and meta descriptions. */
  summary: string;
  /** Simple HTML: <p>, <h2>, <ul>/<li>, <strong>. */
  body: string;
};

export const ARTICLES: Article[] = [
  {
    title: 'Carpet area, built-up area and super built-up area: what you are really paying for',
    slug: 'carpet-built-up-super-built-up-area',
    category: 'Buying Guide',
    summary: 'Three different numbers can describe the same flat. Here is how they differ, how much “loading” is normal and why RERA made carpet area the reference.',
    body: `<p>Two flats advertised at “1,200 sq ft” can have very different amounts of usable floor. The difference lies in which area the seller is quoting. Before comparing prices per square foot, make sure you are comparing the same measure.</p>
<h2>The three measures</h2>
<ul>
<li><strong>Carpet area</strong> is the usable floor inside the flat's walls: bedrooms, living room, kitchen, bathrooms and internal passages. Under RERA it includes internal partition walls but excludes external walls, service shafts, exclusive balconies and open terraces.</li>
<li><strong>Built-up area</strong> adds the thickness of the walls and, often, exclusive balconies. It is typically 10–15% more than the carpet area.</li>
<li><strong>Super built-up area</strong> adds your proportionate share of common areas such as the lobby, staircases, lift wells, corridors and sometimes the clubhouse.</li>
</ul>
<p>The gap between carpet and super built-up area is called the <strong>loading</strong>. In large projects with big amenities it commonly runs to 25–40%, so a flat sold as 1,400 sq ft super built-up may have only about 1,000 sq ft of carpet area.</p>
<h2>What RERA changed</h2>
<p>The Real Estate (Regulation and Development) Act, 2016 requires registered projects to sell by carpet area and to state it in the agreement for sale. Developers can still mention other measures, but the price must be linked to a clearly defined carpet area. This makes it much easier to compare projects honestly.</p>
<h2>How to use this when you shop</h2>
<p>Always ask for the carpet area in writing and compute the price per square foot of carpet area, not of super built-up area. Visit the flat with a tape measure if you can, check whether balconies are counted, and ask what the common areas include. A slightly higher price per square foot can be the better deal if the loading is lower.</p>`,
  },
  {
    title: 'Ready-to-move or under-construction: how to choose',
    slug: 'ready-to-move-vs-under-construction',
    category: 'Buying Guide',
    summary: 'Lower prices and payment plans on one side, certainty and no GST on the other. A practical comparison for first-time buyers.',
    body: `<p>Under-construction homes are usually cheaper than comparable ready homes, and developers often offer construction-linked payment plans. Ready-to-move homes cost more up front but you can see exactly what you are buying and move in, or start earning rent, straight away.</p>
<h2>Cost differences</h2>
<p>GST applies to under-construction residential property: 5% of the price without input tax credit, or 1% for homes that qualify as affordable housing (carpet area up to 60 sq m in metro cities or 90 sq m elsewhere, and value up to ₹45 lakh). There is no GST on a completed home sold after the occupancy or completion certificate has been issued. Stamp duty and registration apply in both cases.</p>
<p>If you are paying rent while you wait for possession, add that rent to the cost of the under-construction option, along with the pre-EMI interest on any home loan disbursed in stages.</p>
<h2>Risk</h2>
<p>The main risk with an under-construction flat is delay. Check the project's RERA registration, the completion date it declares, and the developer's record on earlier projects. RERA gives buyers the right to interest for delayed possession, but getting it can take time. With a ready home, the risks move to the paperwork: make sure the occupancy certificate exists and the title is clean.</p>
<h2>A simple rule of thumb</h2>
<p>If you need to move within a year, or cannot afford rent and EMI together, lean towards ready-to-move. If you have time, a stable rental arrangement and a developer with a strong delivery record, an under-construction home can offer better value.</p>`,
  },
  {
    title: 'Buying a resale flat: the documents to check before you pay a token',
    slug: 'resale-property-documents-checklist',
    category: 'Buying Guide',
    summary: 'From the chain of title to the society NOC, a checklist to go through with your lawyer before you hand over any money.',
    body: `<p>A resale home has a history, and most problems show up in its papers. Ask the seller for copies of the documents below early, before paying any token amount, and have a property lawyer review them.</p>
<h2>Ownership and title</h2>
<ul>
<li><strong>Sale deed and chain of title:</strong> the current owner's registered sale deed and the earlier deeds that show how the property passed from one owner to the next, ideally going back 30 years.</li>
<li><strong>Encumbrance certificate:</strong> issued by the sub-registrar's office, it lists registered transactions such as mortgages on the property. Ask for at least the last 13 years.</li>
<li><strong>Mutation and tax records:</strong> municipal records (for example the khata in Bengaluru) should show the seller's name, and property tax should be paid up to date.</li>
</ul>
<h2>Approvals</h2>
<p>Ask for the approved building plan, the occupancy certificate and the completion certificate. A flat without an occupancy certificate may face problems with utility connections, resale and home loans. Compare the plan with the actual flat; enclosed balconies or extra floors can be unauthorised.</p>
<h2>Society and loans</h2>
<p>In a co-operative housing society, check the share certificate and get a no-objection certificate for the transfer along with a statement that there are no pending dues. If the seller has a home loan, the bank holds the original documents: agree in writing how the loan will be closed from the sale proceeds and when the originals will be released to you.</p>
<h2>Be wary of power-of-attorney sales</h2>
<p>The Supreme Court held in 2011 (Suraj Lamp and Industries v. State of Haryana) that a general power of attorney or an agreement to sell does not transfer ownership; only a registered sale deed does. If the seller's own title rests on a power of attorney, treat it as a red flag.</p>`,
  },
  {
    title: 'Buying property in India as an NRI: rules, payments and repatriation',
    slug: 'nri-guide-buying-property-in-india',
    category: 'Buying Guide',
    summary: 'What NRIs may and may not buy, how to pay, and what to know about tax and taking money back abroad when you sell.',
    body: `<p>Non-resident Indians and Overseas Citizens of India can buy residential and commercial property in India without approval from the Reserve Bank of India. They cannot buy agricultural land, plantation property or farmhouses, although they may inherit them.</p>
<h2>How to pay</h2>
<p>Payment must come through normal banking channels: an inward remittance from abroad or funds in an NRE, NRO or FCNR account in India. Cash, traveller's cheques or foreign currency notes cannot be used. Indian banks and housing finance companies lend to NRIs, usually with a resident co-applicant or a local guarantor and EMIs paid from an NRE or NRO account.</p>
<h2>Paperwork from abroad</h2>
<p>If you cannot travel for registration, you can give a power of attorney to a trusted relative. It must be signed before an Indian consulate or notarised and apostilled abroad, then adjudicated for stamp duty in the state where it will be used. Keep the power of attorney specific to the transaction.</p>
<h2>When you sell</h2>
<p>A buyer purchasing from an NRI must deduct tax at source under Section 195 on the capital gain, at rates that are much higher than the 1% that applies between residents. NRIs can apply to the Income Tax Department for a lower deduction certificate if the actual gain is small. Sale proceeds can be repatriated: for property bought with foreign exchange, up to the amount originally brought in, for up to two residential properties; other balances in an NRO account can be remitted up to USD 1 million per financial year with the required forms from a chartered accountant.</p>
<p>Rules change, so confirm current limits with your bank and a tax adviser before you commit.</p>`,
  },
  {
    title: 'The 11-month rental agreement explained',
    slug: 'eleven-month-rental-agreement-explained',
    category: 'Renting',
    summary: 'Why most Indian leases run for 11 months, when they still need registering, and the clauses every tenant and landlord should insist on.',
    body: `<p>Most residential rentals in India use an 11-month leave and licence agreement rather than a lease. The reason is the Registration Act, 1908: leases of immovable property for more than a year must be registered, with stamp duty and registration fees. An agreement for less than 12 months avoids compulsory registration in most states, keeps costs down and is easier to end.</p>
<h2>The exception: Maharashtra</h2>
<p>In Maharashtra, the Rent Control Act requires every leave and licence agreement to be registered, whatever its length. Registration can be done online with Aadhaar-based verification, and stamp duty is calculated on the rent and deposit. An unregistered agreement there can weaken the landlord's position in a dispute.</p>
<h2>Clauses to get right</h2>
<ul>
<li>Rent, due date, annual escalation (5–10% is common) and who pays society maintenance.</li>
<li>Security deposit amount and the number of days within which it will be refunded.</li>
<li>Lock-in period and notice period for either side, usually one to two months.</li>
<li>Who pays for repairs: routine wear and tear versus structural issues and appliances.</li>
<li>An inventory of fixtures and furniture, with photographs attached.</li>
</ul>
<h2>Deposits and the Model Tenancy Act</h2>
<p>Security deposits vary widely by city, from two or three months' rent in Delhi and Mumbai to six months or more traditionally in Bengaluru. The Model Tenancy Act, 2021 proposes a cap of two months' rent for residential property, but it applies only in states that have adopted a law based on it, so check your state's rules.</p>
<p>Whatever the duration, put everything in writing, print the agreement on stamp paper of the right value and keep signed copies on both sides.</p>`,
  },
  {
    title: 'A tenant’s checklist before signing',
    slug: 'tenant-checklist-before-signing',
    category: 'Renting',
    summary: 'Inspect, verify and document: the small steps that prevent most deposit disputes at the end of a tenancy.',
    body: `<p>The best time to avoid a dispute with your landlord is before you move in. A short checklist, done carefully, protects your deposit and your peace of mind.</p>
<h2>Verify the owner</h2>
<p>Ask to see the owner's identity proof and a document showing ownership, such as the sale deed, a recent property tax receipt or the society share certificate. If you are dealing with a broker or a relative of the owner, get a written authorisation from the owner. Never transfer a token amount for a flat you have not seen in person.</p>
<h2>Inspect the flat</h2>
<ul>
<li>Run every tap, flush and geyser; look for damp patches and leaks under sinks.</li>
<li>Test switches, sockets, fans and lights, and note the electricity and gas meter readings.</li>
<li>Check windows, locks, grills and the condition of the kitchen platform and wardrobes.</li>
<li>Photograph existing scratches, stains and damage, and email the photos to the landlord.</li>
</ul>
<h2>Understand the building</h2>
<p>Ask the society office about maintenance charges, move-in fees, rules on pets, parking, visitors and renovation hours. Some societies require tenant police verification and a copy of the agreement before you move in.</p>
<h2>Pay the right way</h2>
<p>Pay the deposit and rent by bank transfer, not cash, and ask for receipts. If you claim house rent allowance and your annual rent is above ₹1 lakh, you will need the landlord's PAN, so ask for it at the start.</p>`,
  },
  {
    title: 'Letting your flat: a landlord’s guide to verification, agreements and tax',
    slug: 'landlord-guide-letting-your-flat',
    category: 'Renting',
    summary: 'How to choose a tenant, what paperwork protects you and how rental income is taxed in India.',
    body: `<p>Renting out a home can bring steady income, but a poorly chosen tenant or a sloppy agreement can cost far more than a few months of vacancy. A little process up front goes a long way.</p>
<h2>Choosing and verifying a tenant</h2>
<p>Ask for identity proof, employer details or business documents, and a reference from a previous landlord. Many cities, including Delhi and Mumbai, require landlords to submit tenant details to the local police for verification; most police departments now accept this online. Failing to do so can attract penalties.</p>
<h2>The agreement</h2>
<p>Use a written agreement that covers rent, escalation, deposit, lock-in, notice period, maintenance and permitted use, and register it where required. Attach an inventory of furniture and appliances. Collect rent by bank transfer so there is a clear record.</p>
<h2>How rental income is taxed</h2>
<p>Rent is taxed under “income from house property”. You may deduct municipal taxes paid, then a flat 30% standard deduction for repairs and upkeep under Section 24(a), whether or not you actually spent that much. Interest on a home loan for the let-out property is also deductible. The remaining amount is added to your income and taxed at your slab rate.</p>
<h2>TDS on high rents</h2>
<p>If an individual tenant pays more than ₹50,000 a month, they must deduct tax at source under Section 194-IB (2% from October 2024, previously 5%) and give you a TDS certificate. Make sure your PAN is on record so the deduction shows up against your name. Check current rates with a tax adviser, as thresholds and rates are revised from time to time.</p>`,
  },
  {
    title: 'How much home loan can you get? Eligibility, FOIR and credit scores',
    slug: 'home-loan-eligibility-explained',
    category: 'Home Loans',
    summary: 'Lenders look at your income, existing EMIs, age and credit history. Here is how they calculate what you can borrow.',
    body: `<p>Before you shortlist homes, it helps to know roughly how much a bank will lend you. Lenders use a few simple rules, and you can apply them yourself in a few minutes.</p>
<h2>Fixed obligations to income ratio</h2>
<p>Banks cap the share of your net monthly income that can go towards all EMIs, including the new home loan. This fixed obligations to income ratio (FOIR) is usually 50–60%, higher for larger incomes. For example, with a take-home income of ₹1,00,000, an existing car-loan EMI of ₹10,000 and a FOIR of 50%, you have ₹40,000 a month for a home-loan EMI. At 8.5% a year, that supports a loan of roughly ₹46 lakh over 20 years or about ₹50 lakh over 25 years.</p>
<h2>Loan-to-value limits</h2>
<p>The Reserve Bank of India limits how much of a property's cost a bank can finance: up to 90% for loans up to ₹30 lakh, 80% for loans above ₹30 lakh and up to ₹75 lakh, and 75% above ₹75 lakh. Stamp duty and registration are generally excluded from the cost for this purpose, so plan to pay them, and the down payment, from your own savings.</p>
<h2>Credit score, age and tenure</h2>
<p>A credit score of 750 or more usually gets the best rates; below 650 you may be refused or charged more. Lenders also want the loan repaid by around retirement age, so the maximum tenure shrinks as you get older. Adding an earning co-applicant, such as a spouse, increases eligibility and both can claim tax benefits if they are co-owners.</p>
<h2>Documents to keep ready</h2>
<ul>
<li>PAN, Aadhaar and address proof.</li>
<li>Salaried: three months' salary slips, Form 16 and six months' bank statements.</li>
<li>Self-employed: two to three years of income tax returns with computation, audited financials and business proof.</li>
<li>Property papers: agreement for sale, approvals and, for resale, the title chain.</li>
</ul>`,
  },
  {
    title: 'EMIs, tenure and prepayment: making your home loan cost less',
    slug: 'home-loan-emi-tenure-prepayment',
    category: 'Home Loans',
    summary: 'A worked example of how tenure and part-prepayments change the total interest you pay, plus how floating rates reset.',
    body: `<p>Your EMI is only part of the story. The tenure you choose and how you handle prepayments decide how much interest you pay over the life of the loan.</p>
<h2>A worked example</h2>
<p>A ₹50 lakh loan at 8.5% a year over 20 years has an EMI of about ₹43,391. Over the full term you would pay roughly ₹54 lakh in interest, more than the loan itself. Stretching the tenure lowers the EMI but increases total interest; shortening it does the opposite.</p>
<h2>Part-prepayments</h2>
<p>Suppose you prepay ₹5 lakh at the end of year three. If you keep the EMI the same, the loan finishes about three and a half years early and total interest falls to around ₹41 lakh, a saving of roughly ₹13 lakh. If you instead ask the bank to reduce the EMI, it drops to about ₹38,750 but the interest saving is only around ₹4.5 lakh. Where you can afford it, reducing the tenure saves far more.</p>
<p>The RBI does not allow banks to charge prepayment or foreclosure penalties on floating-rate home loans taken by individuals, so small, regular prepayments from bonuses or increments are worth making.</p>
<h2>How floating rates reset</h2>
<p>Since October 2019, new floating-rate retail loans from banks are linked to an external benchmark, usually the RBI repo rate. When the repo rate changes, your rate follows at the next reset, which must happen at least once every three months. Many banks extend the tenure instead of raising the EMI when rates go up, so check your loan statement after every rate change.</p>
<h2>Switching lenders</h2>
<p>A balance transfer to another lender can make sense when the rate difference is meaningful, typically half a percentage point or more, and a large part of the tenure is still left. Add up processing fees, legal charges and stamp duty on the new mortgage before you decide; sometimes your current bank will match the rate for a small conversion fee.</p>`,
  },
  {
    title: 'Tax benefits on a home loan: Sections 80C and 24(b)',
    slug: 'home-loan-tax-benefits',
    category: 'Home Loans',
    summary: 'How principal and interest deductions work under the old tax regime, what changes under the new regime, and how joint owners can both claim.',
    body: `<p>A home loan can reduce your income tax, but how much depends on whether the house is self-occupied or let out, and on which tax regime you choose.</p>
<h2>Principal repayment: Section 80C</h2>
<p>Under the old regime, the principal part of your EMIs qualifies for deduction under Section 80C, within the overall limit of ₹1.5 lakh a year shared with PPF, ELSS, life insurance and similar investments. Stamp duty and registration charges paid on purchase can also be claimed under 80C in the year they are paid. If you sell the house within five years of taking possession, the 80C deductions claimed are reversed.</p>
<h2>Interest: Section 24(b)</h2>
<p>Interest on a loan for a self-occupied home is deductible up to ₹2 lakh a year under the old regime. For a let-out property there is no cap on the interest you can deduct from rental income, but the overall loss from house property that can be set off against other income is limited to ₹2 lakh a year, with the rest carried forward for up to eight years. Interest paid before construction is completed is deducted in five equal instalments starting from the year of completion.</p>
<h2>The new tax regime</h2>
<p>The new regime, the default option from financial year 2023–24, does not allow the 80C deduction or the interest deduction for a self-occupied home. Interest on a let-out property can still be deducted from its rental income, but a loss cannot be set off against salary or other income. Compare your tax under both regimes each year before filing.</p>
<h2>Joint loans</h2>
<p>If a property is jointly owned and both owners are co-borrowers paying the EMIs, each can claim the deductions separately up to their own limits. That can double the tax benefit for a couple. Keep the ownership share and loan documents consistent, and consult a tax professional for your situation.</p>`,
  },
  {
    title: 'How metro lines and expressways move property prices',
    slug: 'infrastructure-and-property-prices',
    category: 'Market Trends',
    summary: 'New transport links reshape which neighbourhoods are in demand. Here is how to read infrastructure news without overpaying for it.',
    body: `<p>Few things change a neighbourhood's prospects like a new metro line or expressway. Travel times shrink, offices and shops follow, and homes within walking distance of a station often command a premium in both price and rent.</p>
<h2>Announced, under construction, operational</h2>
<p>Prices tend to move in three steps: when a project is announced, when construction visibly starts and when it finally opens. Much of the gain is often priced in well before the first train runs. Treat brochures that promise “5 minutes from the upcoming metro” with caution, and check the line's actual status and expected completion on the implementing agency's website.</p>
<h2>Where the effect is strongest</h2>
<ul>
<li>Within roughly a kilometre of a station, where people can walk rather than take an auto.</li>
<li>In areas that were previously poorly connected, where the new link saves the most time.</li>
<li>Along corridors that connect homes to large employment hubs such as IT parks and business districts.</li>
</ul>
<p>Recent examples include the extension of Bengaluru's metro to Whitefield, new underground lines in Mumbai, and expressways around Gurugram and Noida, each of which has drawn buyers to areas that were once considered distant.</p>
<h2>The downside</h2>
<p>Homes right next to an elevated track or a busy interchange can suffer from noise and congestion, and years of construction disrupt roads and businesses. Visit at peak hours and at night before you decide.</p>
<p>Use infrastructure as one factor among many. A well-priced home in a well-run building, near good schools and hospitals, remains a sound choice even if the promised line is delayed.</p>`,
  },
  {
    title: 'The rise of tier-2 cities: why buyers are looking beyond the metros',
    slug: 'rise-of-tier-2-city-real-estate',
    category: 'Market Trends',
    summary: 'Jaipur, Lucknow, Kochi, Chandigarh and other cities are drawing homebuyers and investors. What is driving the shift, and what to watch.',
    body: `<p>For decades, Indian real estate conversation centred on Mumbai, Delhi-NCR and Bengaluru. Increasingly, cities such as Jaipur, Lucknow, Kochi, Chandigarh's tricity, Ahmedabad and Coimbatore are attracting buyers, developers and companies.</p>
<h2>What is driving demand</h2>
<ul>
<li><strong>Affordability:</strong> a budget that buys a compact flat in a metro suburb can buy a larger home or a villa plot in a tier-2 city.</li>
<li><strong>Work flexibility:</strong> remote and hybrid work let many professionals move closer to family or to a lower-cost city.</li>
<li><strong>Infrastructure:</strong> new airports, expressways, ring roads and metro systems have improved connectivity.</li>
<li><strong>Employers:</strong> IT parks, global capability centres and manufacturing investments are creating local jobs.</li>
</ul>
<h2>What to check before buying</h2>
<p>Smaller markets can be less liquid, so resale may take longer. Check that the project is registered with the state RERA authority, that the layout is approved by the local development authority, and that water supply, drainage and roads are actually in place, not just planned. Plotted developments on the edge of town need particular care over land conversion and title.</p>
<h2>Rental yields</h2>
<p>Residential rental yields in India are typically modest, often around 2–4% of the property's value a year, and this holds in many tier-2 cities too. If you are buying to invest, focus on areas near colleges, hospitals and employment hubs, where tenant demand is steady.</p>
<p>Tier-2 cities can offer better quality of life and value for money, but they reward the same discipline as any other market: a fair price, clean paperwork and a location that people genuinely want to live in.</p>`,
  },
  {
    title: 'Is the asking price fair? How to judge a property’s value',
    slug: 'how-to-judge-a-fair-property-price',
    category: 'Market Trends',
    summary: 'Comparable sales, circle rates, rental yield and the features that justify a premium: a practical way to test a price.',
    body: `<p>Asking prices in Indian real estate are often a starting point for negotiation. A few checks will tell you whether a price is reasonable before you make an offer.</p>
<h2>Compare like with like</h2>
<p>Work out the price per square foot of <strong>carpet area</strong> for the home you like and for three to five similar homes nearby: same building or neighbouring societies, similar age, floor and size. Listings show asking prices; registered sale prices are better evidence. Some states publish registration data online, and local agents usually know recent deals.</p>
<h2>Use the circle rate as a floor</h2>
<p>Every state sets a minimum value for stamp duty purposes, called the circle rate, ready reckoner rate or guidance value. Market prices in good locations are usually above it. If a seller asks you to register at less than the circle rate, or to pay part of the price in cash, walk away: it is illegal and exposes you to tax trouble.</p>
<h2>Adjust for what matters</h2>
<ul>
<li>Floor, view and orientation: higher floors and open views generally cost more.</li>
<li>Age, maintenance and the state of the building's lifts, waterproofing and parking.</li>
<li>Covered parking, which can be worth lakhs in dense cities.</li>
<li>Monthly maintenance charges and any pending special assessments.</li>
</ul>
<h2>Cross-check with rent</h2>
<p>Divide the annual rent the home would fetch by its price. In most Indian cities this gross yield is around 2–4%. A yield well below the local norm suggests the asking price is stretched; a much higher yield may point to problems with the building or location worth investigating.</p>`,
  },
  {
    title: 'Stamp duty and registration charges: a guide for home buyers',
    slug: 'stamp-duty-and-registration-charges',
    category: 'Legal & Tax',
    summary: 'How stamp duty is calculated, typical rates in major states, concessions for women buyers and how to pay online.',
    body: `<p>Stamp duty is a state tax on the document that transfers property, and registration fees are paid to record it with the sub-registrar. Together they can add 6–8% or more to the cost of a home, so budget for them from the start; banks usually do not finance them.</p>
<h2>How it is calculated</h2>
<p>Duty is charged on the higher of the price in the agreement and the government's minimum value for the property, known as the circle rate, ready reckoner rate or guidance value depending on the state. Paying a lower declared price does not reduce the duty and can cause income-tax problems for both buyer and seller.</p>
<h2>Indicative rates in some states</h2>
<ul>
<li><strong>Maharashtra:</strong> buyers in Mumbai typically pay about 6% including a 1% metro cess, with registration at 1% capped at ₹30,000; women buyers get a 1% concession.</li>
<li><strong>Delhi:</strong> 6% for men, 4% for women and 5% for joint ownership, plus registration of 1%.</li>
<li><strong>Uttar Pradesh (including Noida):</strong> around 7%, with a concession for women up to a value limit, plus registration of 1%.</li>
<li><strong>Haryana (including Gurugram):</strong> around 7% for men and 5% for women in urban areas, with registration charged in slabs.</li>
</ul>
<p>These rates change often and have local variations, so treat them as a guide and confirm current rates on your state's registration department website or with your lawyer.</p>
<h2>Paying and registering</h2>
<p>Most states let you pay stamp duty online through e-stamping or the state's portal and book an appointment with the sub-registrar. Both buyer and seller, or their attorneys, must attend with identity proof, photographs and two witnesses. After registration, keep the original deed safe and apply for mutation of municipal records in your name.</p>`,
  },
  {
    title: 'RERA explained: what it means for home buyers',
    slug: 'rera-explained-for-home-buyers',
    category: 'Legal & Tax',
    summary: 'The Real Estate (Regulation and Development) Act gives buyers real protections. Here is what it covers and how to use it.',
    body: `<p>The Real Estate (Regulation and Development) Act, 2016, usually called RERA, created a regulator in every state and set rules for developers and agents. Its core provisions came into force on 1 May 2017.</p>
<h2>Which projects must register</h2>
<p>Residential and commercial projects where the land exceeds 500 sq m, or which have more than eight apartments, must be registered with the state authority before they are advertised or sold. Agents who sell in such projects must register too. Each registration has a number that should appear on brochures and advertisements.</p>
<h2>Key protections</h2>
<ul>
<li>Developers must deposit 70% of the money collected from buyers in a separate account and use it only for land and construction of that project.</li>
<li>Flats are sold by carpet area, as defined in the Act.</li>
<li>A developer cannot take more than 10% of the price as an advance without a registered agreement for sale.</li>
<li>If possession is delayed, buyers can withdraw with a refund and interest, or stay and receive interest for each month of delay.</li>
<li>Structural defects reported within five years of possession must be fixed by the developer free of charge.</li>
</ul>
<h2>How to use it</h2>
<p>Before booking, search the project on your state's RERA portal, such as MahaRERA in Maharashtra or the Haryana, Karnataka and Uttar Pradesh authorities. You can see the approved plans, the declared completion date, quarterly progress updates and any complaints. If things go wrong, you can file a complaint online with the authority, and appeal its decision to the Appellate Tribunal.</p>
<p>Registration is not a guarantee of quality, but it gives buyers information and legal remedies that were hard to obtain before the Act.</p>`,
  },
  {
    title: 'Selling a property: TDS, capital gains and how to save tax',
    slug: 'tax-on-selling-property-tds-capital-gains',
    category: 'Legal & Tax',
    summary: 'The 1% TDS the buyer deducts, how long-term and short-term gains are taxed after the 2024 changes, and the exemptions under Sections 54 and 54EC.',
    body: `<p>Selling a home involves two kinds of tax paperwork: the tax the buyer deducts at source, and the capital gains tax you owe on your profit. Knowing both helps you plan the sale and avoid surprises.</p>
<h2>TDS deducted by the buyer</h2>
<p>When a resident buys property other than agricultural land for ₹50 lakh or more, they must deduct 1% of the price as TDS under Section 194-IA, pay it through Form 26QB within 30 days from the end of the month of deduction, and give the seller a Form 16B certificate. The deduction is on the higher of the agreed price and the stamp duty value. If the seller is an NRI, different, higher rates apply under Section 195.</p>
<h2>Short-term and long-term gains</h2>
<p>Property held for 24 months or less gives a short-term gain, added to your income and taxed at your slab rate. Beyond 24 months, the gain is long-term. For transfers from 23 July 2024, long-term gains are taxed at 12.5% without indexation. Resident individuals and HUFs selling land or buildings acquired before that date can instead choose to pay 20% with indexation, whichever gives the lower tax.</p>
<h2>Exemptions</h2>
<ul>
<li><strong>Section 54:</strong> reinvest the long-term gain from selling a house in another residential house in India, bought within one year before or two years after the sale, or built within three years. The exemption is capped at ₹10 crore.</li>
<li><strong>Section 54EC:</strong> invest up to ₹50 lakh of the gain in specified bonds, such as those issued by NHAI or REC, within six months of the sale. The bonds are locked in for five years.</li>
<li><strong>Capital Gains Account Scheme:</strong> if you have not reinvested by the return filing date, deposit the amount in this scheme at a bank to keep the Section 54 claim open.</li>
</ul>
<p>Keep purchase deeds, improvement bills and brokerage receipts, as they reduce your taxable gain. Tax rules change with each budget, so check the current position with a chartered accountant before you sell.</p>`,
  },
];
