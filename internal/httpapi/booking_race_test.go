package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"agendo/internal/domain"
)

// TestOnlyOneBookingPerSlot is DESIGN.md section 13's booking test: 100
// rounds of 50 customers asking at once for one professional and time,
// then 100 rounds where half ask for 10:00 and half for 10:15 (a 45-minute
// service, so the two overlap). Each round has exactly one success, the
// rest are 409 with a Portuguese message, and the database holds no overlap.
// Under the race detector, which needs no 5,000 bookings to see a data race
// and runs them ten times slower, 10 rounds of each; `make test` also runs
// the whole test without it (test-go-norace).
func TestOnlyOneBookingPerSlot(t *testing.T) {
	if testing.Short() {
		t.Skip("5,000 bookings per engine")
	}
	rounds, clients := 100, 50
	if raceEnabled {
		rounds = 10
	}
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		// Bookings every 15 minutes, so 10:15 is on offer as well as 10:00.
		pro := professionalBody("Carla Quinze")
		pro["bookingInterval"] = 15
		carla := s.owner.do("POST", "/api/v1/professionals", pro).must(t, 201).JSON["id"].(string)
		svc := s.owner.do("POST", "/api/v1/services", map[string]any{"name": "Coloração", "description": "", "duration": 45,
			"price": 12000, "professionalIds": []string{carla}}).must(t, 201).JSON["id"].(string)

		hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
		url := e.srv.URL + "/api/v1/public/stores/" + s.slug + "/bookings"
		post := func(body []byte) (int, string) {
			res, err := hc.Post(url, "application/json", bytes.NewReader(body))
			if err != nil {
				return 0, err.Error()
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			return res.StatusCode, string(raw)
		}
		first, _ := time.Parse(time.DateOnly, "2026-11-24")
		for _, overlapping := range []bool{false, true} {
			for r := range rounds {
				// Eight rounds a day, an hour apart, from 09:00; the overlapping
				// variant on the days after the first one's.
				day := r / 8
				if overlapping {
					day += rounds/8 + 1
				}
				date := first.AddDate(0, 0, day).Format(time.DateOnly)
				hour := 9 + r%8
				minutes := []int{0, 0}
				if overlapping {
					minutes[1] = 15
				}
				var bodies [2][]byte
				for i, minute := range minutes {
					bodies[i], _ = json.Marshal(map[string]any{"serviceId": svc, "professionalId": carla, "date": date,
						"time": fmt.Sprintf("%02d:%02d", hour, minute), "clientName": fmt.Sprintf("Cliente %d", i),
						"clientPhone": "(11) 95555-4444"})
				}
				var wg sync.WaitGroup
				var mu sync.Mutex
				statuses := map[int]int{}
				var other string
				start := make(chan struct{})
				for c := range clients {
					wg.Go(func() {
						<-start
						status, body := post(bodies[c%2])
						mu.Lock()
						statuses[status]++
						if status == 409 {
							var eb struct{ Error struct{ Message string } }
							if json.Unmarshal([]byte(body), &eb) != nil || eb.Error.Message == "" {
								other = "409 without a message: " + body
							}
						} else if status != 201 {
							other = fmt.Sprintf("%d: %s", status, body)
						}
						mu.Unlock()
					})
				}
				close(start)
				wg.Wait()
				if statuses[201] != 1 || statuses[409] != clients-1 || other != "" {
					t.Fatalf("overlapping=%v round %d (%s %02d:00): %v %s", overlapping, r, date, hour, statuses, other)
				}
			}
		}

		// No two kept appointments of Carla's overlap, on any day.
		page := s.owner.do("GET", "/api/v1/appointments?from=2026-11-01&to=2027-01-31&professionalId="+carla+"&limit=200", nil).must(t, 200)
		items := page.JSON["items"].([]any)
		if len(items) != 2*rounds {
			t.Fatalf("Carla has %d appointments, want %d", len(items), 2*rounds)
		}
		byDay := map[string][][2]int{}
		for _, it := range items {
			ap := it.(map[string]any)
			m, _ := domain.ParseClock(ap["time"].(string))
			span := [2]int{m, m + int(ap["durationMin"].(float64))}
			for _, o := range byDay[ap["date"].(string)] {
				if span[0] < o[1] && o[0] < span[1] {
					t.Fatalf("overlap on %s: %v and %v", ap["date"], span, o)
				}
			}
			byDay[ap["date"].(string)] = append(byDay[ap["date"].(string)], span)
		}
	}, envOptions{publicPerIP: 1 << 20, publicPerStore: 1 << 20})
}
