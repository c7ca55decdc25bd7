package procagent

// behaviour is what a mode does differently from a polite agent.
type behaviour struct {
	deaf       bool // reads nothing and sleeps (SIGTERM ends it)
	sleeper    bool // the grandchild: ignores SIGTERM and sleeps
	ignoreEOF  bool // keeps running after its input ends
	ignoreTerm bool // ignores SIGTERM
	grandchild bool // first starts a sleeper that holds its output
	failInit   bool // initialize fails with "authentication required"
	needsAuth  bool // offers auth methods; session/new fails until authenticate "token"
	noisy      bool // writes NoisyLines lines to its standard error, then exits 3
	login      bool // the terminal login run: writes the token file, exits 0
	tokenFile  bool // session/new fails until the token file exists
	prompt     promptWay
}

// promptWay is how the agent answers session/prompt.
type promptWay int

const (
	// promptCancellable sends one update ("working"), then ends the turn
	// with the stop reason "cancelled" when session/cancel arrives.
	promptCancellable promptWay = iota
	// promptEndTurn ends the turn at once with "end_turn".
	promptEndTurn
	// promptNever sends one update and never answers, not even when
	// cancelled.
	promptNever
	// promptDie exits with status 3, the prompt unanswered.
	promptDie
)

// modes names every behaviour the tests ask for; each test's comment says
// which it relies on:
//
//	polite       exits 0 at the end of its input
//	ignore-eof   keeps running after its input ends (SIGTERM ends it)
//	ignore-term  keeps running after its input ends and ignores SIGTERM
//	grandchild   leaves a grandchild that ignores SIGTERM and holds its
//	             output, then exits 0 at the end of its input
//	fail-init    as polite, but initialize fails (-32000)
//	die          exits 3 when session/prompt arrives, unanswered
//	die-orphan   as die, leaving a grandchild that holds its output
//	auth         session/new needs authentication with the method "token";
//	             a prompt ends its turn at once
//	stubborn     as ignore-term, and a prompt never ends, not even when
//	             cancelled
//	deaf         reads nothing and sleeps (SIGTERM ends it)
//	noisy        writes NoisyLines numbered lines ("noise N") to its standard
//	             error, then exits 3 without reading anything
//	login        the run of a terminal auth method: with the argument
//	             "--login" it writes its arguments to the file TokenEnv
//	             names and exits 0; without it, exits 4; with "--hang"
//	             it sleeps first
//	token-file   as polite, but session/new fails (-32000) until the file
//	             TokenEnv names exists; a prompt ends its turn at once
//	sleeper      the grandchild of grandchild and die-orphan
var modes = map[string]behaviour{
	"polite":      {},
	"ignore-eof":  {ignoreEOF: true},
	"ignore-term": {ignoreEOF: true, ignoreTerm: true},
	"grandchild":  {grandchild: true},
	"fail-init":   {failInit: true},
	"die":         {prompt: promptDie},
	"die-orphan":  {grandchild: true, prompt: promptDie},
	"auth":        {needsAuth: true, prompt: promptEndTurn},
	"stubborn":    {ignoreEOF: true, ignoreTerm: true, prompt: promptNever},
	"deaf":        {deaf: true},
	"noisy":       {noisy: true},
	"login":       {login: true},
	"token-file":  {tokenFile: true, prompt: promptEndTurn},
	"sleeper":     {sleeper: true},
}
