package media

// DecodeCost exposes decodeCost to the tests.
var DecodeCost = decodeCost

// PeakInFlight is the most decodes p has run at once.
func (p *Processor) PeakInFlight() int64 { return p.peakInFlight.Load() }
