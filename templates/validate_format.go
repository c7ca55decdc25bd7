package templates

import (
	"net/url"

	"github.com/acpgen/acpgen/templates/wire"
)

// String formats Validate checks. JSON Schema 2020-12 treats format as an
// annotation unless asked; a schema given to acpgen with Validate on asks,
// for the three formats below. Each check is written out rather than left
// to time.Parse or url.Parse alone, which accept more than the RFCs allow
// (a comma before fractional seconds, spaces in URLs).

// formatUUID checks the RFC 9562 text form: 32 hex digits in groups of
// 8-4-4-4-12. Any version is accepted: the version says how an id was
// made, which a receiver cannot verify and has no reason to reject.
func (v *validator) formatUUID(s string) {
	if !validIsUUID(s) {
		v.failf("%q is not a uuid (8-4-4-4-12 hex digits)", s)
	}
}

// formatDateTime checks an RFC 3339 date-time.
func (v *validator) formatDateTime(s string) {
	if !validIsDateTime(s) {
		v.failf("%q is not a date-time (RFC 3339)", s)
	}
}

// formatURI checks an absolute RFC 3986 URI.
func (v *validator) formatURI(s string) {
	if !validIsURI(s) {
		v.failf("%q is not a uri (RFC 3986, with a scheme)", s)
	}
}

func validIsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if s[i] != '-' {
				return false
			}
		} else if !wire.IsHex(s[i]) {
			return false
		}
	}
	return true
}

// validIsDateTime checks full-date "T" full-time of RFC 3339 section 5.6:
// fixed-width fields, a real calendar day, optional fractional seconds
// after a dot, and an offset of Z or ±hh:mm. Second 60 is a leap second and
// only valid at 23:59 UTC.
func validIsDateTime(s string) bool {
	if len(s) < 20 || !validDigitsAt(s, 0, 4) || s[4] != '-' || !validDigitsAt(s, 5, 2) || s[7] != '-' ||
		!validDigitsAt(s, 8, 2) || (s[10] != 'T' && s[10] != 't') || !validDigitsAt(s, 11, 2) || s[13] != ':' ||
		!validDigitsAt(s, 14, 2) || s[16] != ':' || !validDigitsAt(s, 17, 2) {
		return false
	}
	year, month, day := validNum(s[0:4]), validNum(s[5:7]), validNum(s[8:10])
	hour, minute, second := validNum(s[11:13]), validNum(s[14:16]), validNum(s[17:19])
	if month < 1 || month > 12 || day < 1 || day > validDaysIn(year, month) || hour > 23 || minute > 59 || second > 60 {
		return false
	}
	i := 19
	if s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	offset, ok := validOffsetMinutes(s[i:])
	if !ok {
		return false
	}
	if second == 60 {
		utc := ((hour*60+minute-offset)%1440 + 1440) % 1440
		return utc == 23*60+59
	}
	return true
}

// validOffsetMinutes reads Z or ±hh:mm (the whole rest of the string).
func validOffsetMinutes(s string) (int, bool) {
	if s == "Z" || s == "z" {
		return 0, true
	}
	if len(s) != 6 || (s[0] != '+' && s[0] != '-') || !validDigitsAt(s, 1, 2) || s[3] != ':' || !validDigitsAt(s, 4, 2) {
		return 0, false
	}
	h, m := validNum(s[1:3]), validNum(s[4:6])
	if h > 23 || m > 59 {
		return 0, false
	}
	if s[0] == '-' {
		return -(h*60 + m), true
	}
	return h*60 + m, true
}

func validDigitsAt(s string, at, n int) bool {
	for i := at; i < at+n; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// validNum reads a run of ASCII digits already checked by validDigitsAt.
func validNum(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

func validDaysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// validIsURI checks an absolute URI: a scheme (a letter, then letters,
// digits, +, - or .) and a colon, only characters RFC 3986 allows, every %
// followed by two hex digits, and a form net/url can parse (which checks
// the authority: brackets, port).
func validIsURI(s string) bool {
	colon := -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			colon = i
			break
		}
		letter := c|0x20 >= 'a' && c|0x20 <= 'z'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	if colon < 1 {
		return false
	}
	for i := colon + 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !wire.IsHex(s[i+1]) || !wire.IsHex(s[i+2]) {
				return false
			}
			i += 2
		case !validIsURIChar(c):
			return false
		}
	}
	_, err := url.Parse(s)
	return err == nil
}

// validIsURIChar reports whether c is an RFC 3986 unreserved or reserved
// character.
func validIsURIChar(c byte) bool {
	if c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' {
		return true
	}
	switch c {
	case '-', '.', '_', '~', ':', '/', '?', '#', '[', ']', '@', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=':
		return true
	}
	return false
}
