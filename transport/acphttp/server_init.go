package acphttp

import (
	"context"
	"errors"
)

// initialize is the one POST answered with the agent's answer itself (200
// and the answer as its body), since the client learns the connection's
// id from it. The request goes to the agent like any other; its answer is
// taken out of the output before it reaches a stream.

// errNoInitAnswer says the agent ended before answering initialize.
var errNoInitAnswer = errors.New("acphttp: the agent ended the connection before answering initialize")

// initialize delivers the initialize request msg to the agent and waits
// for its answer, or the end of the connection or of ctx (the POST's).
func (c *Conn) initialize(ctx context.Context, env *envelope, msg []byte) ([]byte, error) {
	c.mu.Lock()
	c.init = env.idKey()
	c.mu.Unlock()
	if c.deliver(ctx, msg) != nil {
		return nil, errNoInitAnswer
	}
	select {
	case answer := <-c.answer:
		return answer, nil
	case <-c.ended:
		return nil, errNoInitAnswer
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// answersInit hands the agent's answer to initialize to the POST waiting
// for it, and reports whether msg was that answer.
func (c *Conn) answersInit(env *envelope, msg []byte) bool {
	if !env.isResponse() {
		return false
	}
	c.mu.Lock()
	match := c.init != "" && env.idKey() == c.init
	if match {
		c.init = ""
	}
	c.mu.Unlock()
	if match {
		c.answer <- msg // room for one, and there is only one
	}
	return match
}
