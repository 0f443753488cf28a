package atom

import "strings"

// UnitMinor is the unit of an amount of money kept as a whole count of
// its currency's smallest unit (Field.Unit): Stripe's amounts, where 2398
// is $23.98, or ¥2398 in a currency of no decimals
// (https://docs.stripe.com/currencies#zero-decimal).
const UnitMinor = "minor"

// zeroDecimal are the currencies whose smallest unit is the whole one
// (https://docs.stripe.com/currencies#zero-decimal).
var zeroDecimal = []string{"bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf"}

// Major is the amount x of money the field holds, read in the currency's
// whole units, as a person writes it: x itself, but for a field kept in
// the currency's smallest unit (UnitMinor), x in hundredths, or as it is
// for a currency of no decimals (JPY). currency is the record's currency
// code, "" where it names none.
func (f Field) Major(x float64, currency string) float64 {
	if f.Unit != UnitMinor {
		return x
	}
	for _, c := range zeroDecimal {
		if strings.EqualFold(strings.TrimSpace(currency), c) {
			return x
		}
	}
	return x / 100
}
