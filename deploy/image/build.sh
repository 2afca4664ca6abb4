#!/usr/bin/env bash
# Builds the container image agendo:VERSION from bin/agendo-static (a
# CGO-off build, made by `make image`), then smoke-tests it: start on a
# fresh volume, /readyz, sign-up, stop, start again on the same volume and
# sign in (the account outlived the container), stop. Leaves the image.
#
#	deploy/image/build.sh VERSION
set -euo pipefail
cd "$(dirname "$0")/../.."
version=${1:?usage: build.sh VERSION}
image=agendo:$version

ctx=$(mktemp -d)
name=agendo-smoke-$$
volume=agendo-smoke-$$
cleanup() {
  docker rm -f "$name" >/dev/null 2>&1 || true
  docker volume rm "$volume" >/dev/null 2>&1 || true
  rm -rf "$ctx"
}
trap cleanup EXIT

cp deploy/image/Dockerfile bin/agendo-static "$ctx"/
mv "$ctx/agendo-static" "$ctx/agendo"
cp /etc/ssl/certs/ca-certificates.crt "$ctx"/
cp -r /usr/share/zoneinfo "$ctx"/zoneinfo
mkdir "$ctx/data"
DOCKER_BUILDKIT=0 docker build --quiet -t "$image" "$ctx" >/dev/null
echo "image: built $image ($(docker image inspect -f '{{.Size}}' "$image" | awk '{printf "%.1f MB", $1/1e6}'))"

port=$((20000 + RANDOM % 20000))
start() {
  docker run -d --name "$name" -p "127.0.0.1:$port:8080" -v "$volume:/data" \
    -e AGENDO_BASE_URL="http://127.0.0.1:$port" "$image" >/dev/null
  for _ in $(seq 1 60); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  docker logs "$name"
  echo "image: /readyz did not answer"
  exit 1
}
stop() {
  docker stop -t 30 "$name" >/dev/null
  docker rm "$name" >/dev/null
}
post() {
  curl -fsS -H 'Content-Type: application/json' -d "$2" "http://127.0.0.1:$port$1"
}

# The terms version an owner accepts at sign-up: the one the document allows.
terms=$(bin/agendo-static openapi | tr -d ' \n' | grep -o '"acceptedTerms":{[^}]*}' | grep -o '"enum":\["[^"]*"' | cut -d'"' -f4)
email="smoke-$$@example.com"
start
post /api/v1/auth/signup "{\"name\":\"Salão Teste\",\"email\":\"$email\",\"password\":\"uma senha longa 123\",\"acceptedTerms\":\"$terms\"}" >/dev/null
echo "image: started, ready, signed up"
stop
start
post /api/v1/auth/signin "{\"email\":\"$email\",\"password\":\"uma senha longa 123\"}" >/dev/null
echo "image: restarted on the same volume, signed in"
stop
echo "image: $image passed its smoke test"
