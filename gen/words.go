package gen

// taskFirstNames are the first names of the people tasks name; the
// background (firstNames) never draws them, so that no stranger shares a
// name with one by chance.
var taskFirstNames = []string{"Adaeze", "Bjorn", "Catalina", "Desmond", "Emeka", "Fiona", "Gustavo", "Helena", "Ines", "Jonas", "Kalani", "Leilani", "Marek", "Noor", "Orla", "Paulo", "Renata", "Soren", "Tamsin", "Viktor", "Wanjiru", "Xavier", "Yasmin", "Zoran", "Anika", "Bastian", "Celeste", "Dario", "Elif", "Florian"}

var firstNames = []string{
	"Amanda", "Brian", "Carmen", "David", "Elena", "Farid", "Grace", "Hiro", "Isabel", "James",
	"Keiko", "Liam", "Maya", "Nikhil", "Olivia", "Pedro", "Quinn", "Rosa", "Samuel", "Tara",
	"Umar", "Valeria", "Wei", "Ximena", "Yusuf", "Zoe", "Aaron", "Beatriz", "Chen", "Dmitri",
	"Esther", "Felix", "Gabriela", "Hannah", "Ivan", "Julia", "Kwame", "Laura", "Mateo", "Nadia",
	"Oscar", "Priya", "Rafael", "Sofia", "Thomas", "Uma", "Victor", "Wendy", "Yara", "Zane",
}

var lastNames = []string{
	"Foster", "Nguyen", "Garcia", "Okafor", "Schmidt", "Patel", "Kim", "Rossi", "Silva", "Cohen",
	"Tanaka", "Müller", "Johnson", "Martinez", "Novak", "Haddad", "Larsen", "Dubois", "Mensah", "Costa",
	"Ivanova", "O'Brien", "Yamamoto", "Kowalski", "Andersen", "Reyes", "Bauer", "Shah", "Moreau", "Brooks",
	"Chen", "Lopez", "Fischer", "Ali", "Santos", "Walker", "Hughes", "Park", "Romero", "Singh",
}

var titles = []string{
	"Account Executive", "VP of Sales", "Customer Success Manager", "CFO", "CTO", "Operations Lead",
	"Marketing Manager", "HR Business Partner", "Support Engineer", "Procurement Specialist",
	"Controller", "Product Manager", "Recruiter", "Office Manager", "Head of Partnerships",
}

var companyStems = []string{
	"Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Acme", "Hooli", "Vandelay",
	"Soylent", "Cyberdyne", "Tyrell", "Wonka", "Oscorp", "Massive", "Pied Piper", "Blue Harbor",
	"Cedar Peak", "Silver Lake", "Brightline", "Evergreen", "Redwood", "Summit", "Lakeside",
	"Ironclad", "Bluebird", "Granite", "Harbor Point", "Maple", "Orion", "Polaris", "Quantum",
}

var companySuffixes = []string{"Inc", "LLC", "Industries", "Labs", "Group", "Systems", "Partners", "Logistics", "Health", "Analytics"}

var words = []string{
	"quarterly", "renewal", "invoice", "shipment", "contract", "onboarding", "pipeline", "budget",
	"forecast", "escalation", "review", "approval", "deadline", "integration", "rollout", "migration",
	"dashboard", "reporting", "compliance", "audit", "vendor", "procurement", "discount", "pricing",
	"timeline", "stakeholder", "kickoff", "workshop", "follow-up", "proposal", "feedback", "support",
}

var sentences = []string{
	"Following up on our call from last week.",
	"Please find the updated numbers attached.",
	"Can we move the review to Thursday?",
	"The customer asked for a revised quote.",
	"We are still waiting on the signed contract.",
	"Let me know if the new timeline works for your team.",
	"The shipment was delayed at the warehouse.",
	"Quick reminder that the invoice is due at the end of the month.",
	"Thanks for the detailed feedback on the proposal.",
	"Looping in finance for the approval.",
}
