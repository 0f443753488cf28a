package atom

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Derivation operations.
const (
	DeriveCount      = "count"      // the records listed, or those of one group
	DeriveSum        = "sum"        // a field's total over the records (or one group), or two fields of one record added
	DeriveDifference = "difference" // two fields of one record, or one field of two records
	DeriveProduct    = "product"    // two fields of one record, or their per-record products totalled
	DeriveRatio      = "ratio"      // two fields of one record, or a group's share of the whole
	DeriveDays       = "days"       // the days between two dates of one record, or one and today
)

// DeriveOpNames returns the operations a Derivation may name, a fresh slice.
func DeriveOpNames() []string { return slices.Clone(deriveOps) }

// deriveOps lists the operations a Derivation may name.
var deriveOps = []string{DeriveCount, DeriveSum, DeriveDifference, DeriveProduct, DeriveRatio, DeriveDays}

// Derivation is one computation an agent makes from records it read: an
// operation over a field ("sum" of "amount", "ratio" of "current_load"
// with "capacity", "days" of "expires_on"). Its operands are values of
// those fields in the same records, never pieces of ids or dates and
// never a number with itself. Field (and With) may be left out, which
// allows the operation over any field: lint warns of that, since it lets
// a figure match by coincidence.
type Derivation struct {
	Op    string `json:"op"`
	Field string `json:"field,omitempty"`
	With  string `json:"with,omitempty"` // the second field of a two-field operation
}

// UnmarshalJSON also reads the short form, an operation's name alone.
func (d *Derivation) UnmarshalJSON(b []byte) error {
	var op string
	if json.Unmarshal(b, &op) == nil {
		*d = Derivation{Op: op}
		return nil
	}
	type plain Derivation
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*d = Derivation(p)
	return nil
}

// Check reports a derivation that names no known operation.
func (d Derivation) Check() error {
	if !slices.Contains(deriveOps, d.Op) {
		return fmt.Errorf("unknown derivation %q (want one of %v)", d.Op, deriveOps)
	}
	return nil
}

// String is the derivation as a person reads it: "sum of amount".
func (d Derivation) String() string {
	switch {
	case d.Field == "":
		return d.Op + " of any field"
	case d.With == "":
		return d.Op + " of " + d.Field
	}
	return d.Op + " of " + d.Field + " and " + d.With
}
