package domain

import "fmt"

// MaxBufferMin bounds a service's set-up and clean-up time, in minutes.
const MaxBufferMin = 120

// Timing is how a service takes its professional's time beyond its
// duration, which is the client's time in the chair. BufferBefore
// (set-up) and BufferAfter (cleaning) keep the professional busy around
// it; the processing pause (a colour's time to act) frees them inside it,
// from ProcessingStart minutes after the start, for ProcessingMin
// minutes, while the client stays. A service's timing is copied onto each
// appointment booked for it, as its duration and price are: editing the
// service never moves an agenda already made.
type Timing struct {
	BufferBefore    int `json:"bufferBefore" max:"bufferMin" doc:"Minutos de preparo antes: o profissional fica ocupado, o cliente não"`
	BufferAfter     int `json:"bufferAfter" max:"bufferMin" doc:"Minutos de limpeza depois: o profissional fica ocupado, o cliente não"`
	ProcessingStart int `json:"processingStart" max:"serviceDuration" doc:"Minutos após o início em que começa a pausa (0: sem pausa)"`
	ProcessingMin   int `json:"processingMin" max:"serviceDuration" doc:"Minutos de pausa, em que o profissional fica livre e o cliente continua"`
}

// Span is a stretch of one day, in minutes since midnight [Start, End).
type Span struct{ Start, End int }

// DayMinutes is a day's length in minutes: no span leaves its day.
const DayMinutes = 24 * 60

// ProfessionalSpans are the stretches a service of duration minutes
// starting at start keeps its professional busy: from the set-up to the
// end of the cleaning, less the pause, clipped to the day. The SQL mirror
// of this rule is PostgreSQL's appointments_no_overlap constraint.
func (t Timing) ProfessionalSpans(start, duration int) []Span {
	return t.AppendSpans(nil, start, duration)
}

// AppendSpans appends ProfessionalSpans to dst, for a caller that reuses
// one slice over many starts.
func (t Timing) AppendSpans(dst []Span, start, duration int) []Span {
	from, to := max(start-t.BufferBefore, 0), min(start+duration+t.BufferAfter, DayMinutes)
	if t.ProcessingMin <= 0 {
		return append(dst, Span{from, to})
	}
	pause := start + t.ProcessingStart
	return append(dst, Span{from, pause}, Span{pause + t.ProcessingMin, to})
}

// Zero reports whether t changes nothing: no buffers, no pause.
func (t Timing) Zero() bool { return t == Timing{} }

// TimingProblems checks a service's timing against its duration, adding a
// message per bad field to pr.
func TimingProblems(t Timing, duration int, pr Problems) {
	for field, v := range map[string]int{"bufferBefore": t.BufferBefore, "bufferAfter": t.BufferAfter} {
		if v < 0 || v > MaxBufferMin {
			pr.Add(field, fmt.Sprintf("Use de 0 a %d minutos", MaxBufferMin))
		}
	}
	switch {
	case t.ProcessingMin == 0 && t.ProcessingStart == 0:
	case t.ProcessingMin < MinServiceDuration || t.ProcessingMin > MaxServiceDuration:
		pr.Add("processingMin", fmt.Sprintf("A pausa deve ter pelo menos %d minutos", MinServiceDuration))
	case t.ProcessingStart < 1 || t.ProcessingStart+t.ProcessingMin >= duration:
		pr.Add("processingStart", "A pausa precisa ficar dentro do serviço, com atendimento antes e depois dela")
	}
}

// JoinTimings makes the timings of a visit's services, in order, what
// their professionals pros keep them, in place: between two services in a
// row by one professional there is no cleaning and no set-up, as the
// chair goes on. The availability engine and the booking follow this one
// rule.
func JoinTimings(pros []string, ts []Timing) {
	for i := 1; i < len(ts) && i < len(pros); i++ {
		if pros[i] == pros[i-1] {
			ts[i-1].BufferAfter, ts[i].BufferBefore = 0, 0
		}
	}
}
