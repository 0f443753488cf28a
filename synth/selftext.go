package synth

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// selfTexts keeps each text its record's own, once every record is where
// the world's rules leave it: a sentence that speaks of the record its
// record is written on as another ("Blocked on the task X" on a comment
// on X), that names a record made after its record ("This ties in with
// the ticket X" on a comment older than X), or that greets, copies or
// names the person its writer field names, is taken out; a reference or a writer may have moved since the
// text was written. A text of which no sentence is left, or that none was
// written for (every frame of its kind named a party it may not: a note
// on the company's own request, written to the company), goes where the
// record is one of an amount and may hold none, else takes its record
// out, where no task names it and no record refers to its collection: a
// record that cannot be drawn right is not written. A text a task pins
// stays.
func (db *dataBuilder) selfTexts(apps []*appModel) {
	people := db.peopleNames(apps)
	for _, m := range apps {
		named := namedKeys(m, db.d)
		for _, cm := range m.colls {
			var texts, writers []string
			for _, f := range cm.fieldNames {
				switch {
				case cm.roles[f] == atom.RoleText && cm.field(f).Type == "string":
					texts = append(texts, f)
				case coherence.WriterField(f, cm.roles[f]):
					writers = append(writers, f)
				}
			}
			if len(texts) == 0 {
				continue
			}
			pinned := map[string]map[string]bool{}
			for _, f := range texts {
				pinned[f] = db.pinnedKeys(cm, f)
			}
			for _, rec := range slices.Clone(db.d.Records[m.app][cm.name]) {
				k := state.Text(rec[cm.key])
				mendTexts(cm, rec, texts, pinned, k)
				db.mendParties(m, cm, rec, texts, pinned, k)
				db.mendOwners(m, cm, rec, texts, pinned, k, people)
				self, later := db.selfSentence(m, cm, rec, writers), db.laterSentence(m, cm, rec)
				mine := func(s string) bool { return self(s) || later(s) }
				for _, f := range texts {
					text, ok := rec[f].(string)
					if !ok || pinned[f][k] {
						continue
					}
					ss := coherence.Sentences(text)
					kept := slices.DeleteFunc(slices.Clone(ss), mine)
					switch {
					case len(ss) > 0 && len(kept) == len(ss):
					case len(kept) > 0:
						rec[f] = strings.Join(kept, " ")
					case !cm.field(f).Required && holdsMoney(cm):
						// A record of an amount is more than its
						// text (a refund without a note); taking
						// it out would change the totals others
						// are made of (an order's refunds).
						delete(rec, f)
					case !named[cm.name][k] && !referredTo(m, cm):
						db.drop(m, cm, rec)
					}
				}
			}
		}
	}
}

// selfSentence is whether a sentence of rec's text speaks of the record
// rec is written on (a required reference's) as another, or greets,
// copies or names rec's writer.
func (db *dataBuilder) selfSentence(m *appModel, cm *collModel, rec map[string]any, writers []string) func(string) bool {
	type named struct{ noun, name string }
	var parents []named
	for _, rf := range cm.refs {
		if !onParent(cm, rf) {
			continue
		}
		p := findRec(db.d.Records[m.app][rf.target.name], rf.target.key, state.Text(rec[rf.name]))
		if p == nil {
			continue
		}
		for _, f := range coherence.NamingFields(rf.target.fieldNames, func(f string) string { return rf.target.roles[f] }) {
			if n, ok := p[f].(string); ok && n != "" {
				parents = append(parents, named{coherence.RecordNoun(rf.target.name), n})
			}
		}
	}
	return func(s string) bool {
		for _, p := range parents {
			if coherence.NamesAsOther(s, p.noun, p.name) {
				return true
			}
		}
		for _, w := range writers {
			if who, ok := rec[w].(string); ok && coherence.AddressesWriter(s, who) {
				return true
			}
		}
		return false
	}
}

// mendTexts takes out of rec's texts, a task pins none of, the sentences
// that contradict the record as every pass left it: a text written
// before a later pass settled the record's amounts ("Value: $3,515.00" on
// an invoice of $14.85) says what the record holds no more.
func mendTexts(cm *collModel, rec map[string]any, texts []string, pinned map[string]map[string]bool, k string) {
	for _, d := range cm.shape.Contradictions(rec) {
		if slices.Contains(texts, d.Field) && !pinned[d.Field][k] {
			d.Mend(rec)
		}
	}
}

// holdsMoney reports whether cm's records hold an amount of money.
func holdsMoney(cm *collModel) bool {
	return slices.ContainsFunc(cm.fieldNames, func(f string) bool { return cm.roles[f] == atom.RoleMoney })
}

// laterSentence is whether a sentence of rec's text names, as "the <noun>
// <name>", a record of a collection one of rec's references points at,
// other than one rec refers to, that was made after rec
// (coherence.Siblings): a text names only records that were there when
// it was written. A party's text may (a contact kept up to date).
func (db *dataBuilder) laterSentence(m *appModel, cm *collModel, rec map[string]any) func(string) bool {
	made, ok := atom.Time(rec[cm.shape.CreatedField()])
	if !ok || cm.shape.IsParty() {
		return func(string) bool { return false }
	}
	sibs := map[*collModel]*coherence.Siblings{}
	var order []*collModel
	for _, rf := range cm.refs {
		if rf.list || rf.target == cm {
			continue
		}
		tc := rf.target
		if sibs[tc] == nil {
			sibs[tc] = &coherence.Siblings{Noun: coherence.RecordNoun(tc.name), Records: db.d.Records[m.app][tc.name], Key: tc.key,
				Created: tc.shape.CreatedField(), Names: coherence.NamingFields(tc.fieldNames, func(f string) string { return tc.roles[f] }),
				Own: map[string]bool{}}
			order = append(order, tc)
		}
		sibs[tc].Own[state.Text(rec[rf.name])] = true
	}
	return func(s string) bool {
		for _, tc := range order {
			if sibs[tc].Later(s, made) != "" {
				return true
			}
		}
		return false
	}
}
