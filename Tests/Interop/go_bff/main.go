// A BFF for interop tests written in Go on graph-gophers/graphql-go (Debian's package), a GraphQL
// implementation independent of graphql-core and of the dashboard. It serves the schema in the
// file -schema (the test writes the seed's SDL there, or a changed one) with a little demo data in
// memory, at POST /graphql, introspection on.
//
//	go_bff -schema seed.graphql -port 0   # prints "listening on PORT"
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"sync"

	graphql "github.com/graph-gophers/graphql-go"
	"github.com/graph-gophers/graphql-go/relay"
)

// now is fixed so that two runs serve the same data.
const now = 1760000000

type user struct{ id, name, avatar, background string }

type moment struct {
	id, author, kind string
	title, url       *string
	photos           []string
	createdDate      string
}

// store holds the demo data; likes are the only thing that changes.
type store struct {
	mu      sync.Mutex
	users   map[string]user
	moments []moment
	likes   map[string][]string // moment ID → liker IDs, most recent first
}

func newStore() *store {
	names := []string{"Jake Lin", "Mei Chen", "Tom Baker", "Ana Silva"}
	s := &store{users: map[string]user{}, likes: map[string][]string{}}
	for i, name := range names {
		id := strconv.Itoa(i)
		s.users[id] = user{id, name, fmt.Sprintf("/images/avatars/%02d.png", i), fmt.Sprintf("/images/backgrounds/%02d.jpg", i)}
	}
	const count = 6
	for i := 0; i < count; i++ {
		id := strconv.Itoa(count - i) // newest first, IDs counting down
		m := moment{id: id, author: strconv.Itoa(1 + i%3), createdDate: strconv.Itoa(now - 600*i)}
		if i%2 == 0 {
			m.kind, m.photos = "PHOTOS", []string{fmt.Sprintf("/images/photos/%02d.jpg", i)}
		} else {
			url := "https://example.com/articles/" + id
			m.kind, m.url, m.photos = "URL", &url, []string{}
		}
		if i%3 != 0 {
			title := "Moment " + id
			m.title = &title
		}
		s.moments = append(s.moments, m)
		s.likes[id] = []string{}
	}
	return s
}

// details is MomentsDetails as the user named sees it, read under the lock.
func (s *store) details(userID string) (*detailsResolver, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[userID]
	if !ok {
		return nil, fmt.Errorf("no user %s", userID)
	}
	d := &detailsResolver{user: u}
	for _, m := range s.moments {
		r := &momentResolver{m: m, author: s.users[m.author]}
		for _, liker := range s.likes[m.id] {
			r.likers = append(r.likers, s.users[liker])
			r.liked = r.liked || liker == userID
		}
		d.moments = append(d.moments, r)
	}
	return d, nil
}

// Resolvers: graph-gophers matches each schema field to the method of the same name (case
// aside), so a schema without a field (Moment.title) simply leaves its method unused.

type rootResolver struct{ s *store }

func (r *rootResolver) GetMomentsDetailsByUserID(args struct{ UserID graphql.ID }) (*detailsResolver, error) {
	return r.s.details(string(args.UserID))
}

func (r *rootResolver) UpdateMomentLike(args struct {
	MomentID, UserID graphql.ID
	IsLiked          bool
}) (*detailsResolver, error) {
	momentID, userID := string(args.MomentID), string(args.UserID)
	r.s.mu.Lock()
	likers, known := r.s.likes[momentID]
	if _, ok := r.s.users[userID]; !ok || !known {
		r.s.mu.Unlock()
		return nil, fmt.Errorf("no moment %s or user %s", momentID, userID)
	}
	kept := []string{}
	if args.IsLiked {
		kept = append(kept, userID)
	}
	for _, liker := range likers {
		if liker != userID {
			kept = append(kept, liker)
		}
	}
	r.s.likes[momentID] = kept
	r.s.mu.Unlock()
	return r.s.details(userID)
}

type detailsResolver struct {
	user    user
	moments []*momentResolver
}

func (d *detailsResolver) UserDetails() *userResolver { return &userResolver{d.user} }
func (d *detailsResolver) Moments() []*momentResolver { return d.moments }

// userResolver serves UserDetails, MomentUserDetails and LikedUserDetails alike: each uses a subset of its methods.
type userResolver struct{ u user }

func (u *userResolver) ID() graphql.ID          { return graphql.ID(u.u.id) }
func (u *userResolver) Name() string            { return u.u.name }
func (u *userResolver) Avatar() string          { return u.u.avatar }
func (u *userResolver) BackgroundImage() string { return u.u.background }

type momentResolver struct {
	m      moment
	author user
	likers []user
	liked  bool
}

func (m *momentResolver) ID() graphql.ID             { return graphql.ID(m.m.id) }
func (m *momentResolver) UserDetails() *userResolver { return &userResolver{m.author} }
func (m *momentResolver) Type() string               { return m.m.kind }
func (m *momentResolver) Title() *string             { return m.m.title }
func (m *momentResolver) URL() *string               { return m.m.url }
func (m *momentResolver) Photos() []string           { return m.m.photos }
func (m *momentResolver) CreatedDate() string        { return m.m.createdDate }
func (m *momentResolver) IsLiked() *bool             { return &m.liked }
func (m *momentResolver) Likes() *[]*userResolver {
	likes := []*userResolver{}
	for _, liker := range m.likers {
		likes = append(likes, &userResolver{liker})
	}
	return &likes
}

func main() {
	schemaFile := flag.String("schema", "", "the SDL to serve")
	port := flag.Int("port", 0, "the port on 127.0.0.1; 0 for any free one")
	flag.Parse()
	sdl, err := os.ReadFile(*schemaFile)
	if err != nil {
		log.Fatal(err)
	}
	// MustParseSchema checks that every field of the SDL has a resolver method. String
	// descriptions, as the spec has them: otherwise graph-gophers reads `#` comments as descriptions.
	schema := graphql.MustParseSchema(string(sdl), &rootResolver{newStore()}, graphql.UseStringDescriptions())
	listener, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		log.Fatal(err)
	}
	// The one line a test reads to learn the port; stdout is a pipe, so write it unbuffered.
	fmt.Printf("listening on %d\n", listener.Addr().(*net.TCPAddr).Port)
	http.Handle("/graphql", &relay.Handler{Schema: schema})
	log.Fatal(http.Serve(listener, nil))
}
