"""What the service tests share: a service on a fresh database, the Sticks game, a relay sink, servers."""
