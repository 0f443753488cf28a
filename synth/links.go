package synth

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
)

// A web address field holds one of three kinds of address: the record's
// own place in the product (a Drive file's web_view_link, a DocuSign
// envelope's uri, a Quip thread's link), a person's profile on a social
// site (a lead's linkedin_url), or a site of the company the record is
// about (an account's website). linkValue tells them apart by the field's
// and the collection's names.

// linkValue draws a web address field of a record about r.
func (v *valuer) linkValue(cm *collModel, name string, r row) any {
	switch {
	case profileSite(name) != "":
		return profileURL(profileSite(name), r.p)
	case productLink(name) || ownLink(cm.name, name):
		return v.productURL(cm)
	}
	if cm.c.Own && v.home.Domain != "" {
		// The company's own thing (an ad, a posting) is on its own site.
		r.c = v.home
	}
	return v.placeValue(cm, atom.RoleURL, r)
}

// productLinkWords name a web address the product gives its own record:
// where people view, join, download or share it (a Drive file's
// web_view_link, a meeting's join_url, a Figma file's thumbnail_url).
// Such an address is on the product's site, not on the site of the
// company the record is about.
var productLinkWords = []string{"view", "web", "permalink", "thumbnail", "download", "share", "responder", "recording", "join",
	"scheduling", "receipt", "meeting", "room", "edit", "browser", "booking", "reschedule", "cancel", "apply", "app", "file",
	"folder", "certificate", "templates", "result", "html", "preview", "picture", "avatar", "display", "self"}

// productLink reports whether a web address field links to the record in
// the product itself.
func productLink(field string) bool { return atom.HasWord(atom.Words(field), productLinkWords...) }

// productURL is a web address on the product's own site for a record of
// cm: https://google-drive.example/files/4821; once the record's key is
// settled, ownLinks makes it name it.
func (v *valuer) productURL(cm *collModel) string {
	return recordURL(cm, fmt.Sprint(1000+v.rng.IntN(9000)))
}

// ownLinkWords are the names of a field that holds the record's own
// address and nothing else: a Notion page's url, a Calendly event's uri.
var ownLinkWords = []string{"url", "uri", "link", "href"}

// destinationWords name collections whose records send people elsewhere:
// an ad's or a pin's link is the page it leads to, on the advertiser's
// site, not the ad's place in the product.
var destinationWords = []string{"ads", "ad", "pins", "pin", "creatives", "creative", "campaigns"}

// ownLink reports whether a field of collection coll is the record's own
// address in the product: a field named only url, link or href, on a
// record that is no person or company (whose url is their website) and
// leads nowhere else; or any field naming a uri, the address an API gives
// a resource (a meeting_uri, a folder_uri, a Calendly invitee's uri),
// which is the product's on a person's record too.
func ownLink(coll, field string) bool {
	ws := atom.Words(field)
	if len(ws) > 0 && ws[len(ws)-1] == "uri" {
		return true
	}
	cw := atom.Words(coll)
	return len(ws) == 1 && atom.HasWord(ws, ownLinkWords...) && !atom.PartyCollection(coll) && !atom.HasWord(cw, destinationWords...)
}

// profileSites are the social sites whose name, in a field's name, says
// the field holds a person's profile there (linkedin_url, linkedInUrl).
var profileSites = []string{"linkedin", "twitter", "facebook", "instagram", "github"}

// profileSite is the social site a field's name names, or "".
func profileSite(field string) string {
	lower := strings.ToLower(field)
	for _, site := range profileSites {
		if strings.Contains(lower, site) {
			return site
		}
	}
	return ""
}

// profileURL is p's profile on a social site: https://linkedin.example/in/ana-reyes.
func profileURL(site string, p gen.Person) string {
	handle := strings.ToLower(strings.ReplaceAll(p.First+"-"+p.Last, " ", "-"))
	return fmt.Sprintf("https://%s.example/in/%s", site, handle)
}
