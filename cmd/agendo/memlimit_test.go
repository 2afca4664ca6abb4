package main

import "testing"

func TestMemoryLimit(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		want int64
	}{
		{"default", nil, defaultMemoryLimit},
		{"GOMEMLIMIT is the runtime's", map[string]string{"GOMEMLIMIT": "300MiB"}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(env(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if c.MemoryLimit != tc.want {
				t.Errorf("got %d, want %d", c.MemoryLimit, tc.want)
			}
		})
	}
}
