# Helpers for talking to a running fleet testbed with curl: the partner API with a key, the control
# API with the optional FLEET_CONTROL_TOKEN, and JSON reads with jq (or python3, or node, whichever
# the machine has first). Source it: `. lib.sh`. FLEET_URL defaults to the `fleet-sim serve`
# default, http://127.0.0.1:3000.

FLEET_URL="${FLEET_URL:-http://127.0.0.1:3000}"
FLEET_URL="${FLEET_URL%/}"

# The tool json_get reads JSON with: FLEET_JSON_TOOL (jq, python3 or node), else the first of them
# the machine has. None: the script stops here, before its first call makes anything.
# Sourced into an interactive shell, it returns instead of closing that shell.
FLEET_JSON_TOOL="${FLEET_JSON_TOOL:-$(for tool in jq python3 node; do command -v "$tool" >/dev/null 2>&1 && { echo "$tool"; break; }; done; true)}"
case "$FLEET_JSON_TOOL" in
  jq | python3 | node) ;;
  "") echo "FALLO: para leer JSON hace falta jq, python3 o node, y esta máquina no tiene ninguno (instala jq: apt-get install -y jq)" >&2
    return 1 2>/dev/null || exit 1 ;;
  *) echo "FALLO: FLEET_JSON_TOOL debe ser jq, python3 o node (recibido: $FLEET_JSON_TOOL)" >&2
    return 1 2>/dev/null || exit 1 ;;
esac
if ! command -v "$FLEET_JSON_TOOL" >/dev/null 2>&1; then
  echo "FALLO: FLEET_JSON_TOOL=$FLEET_JSON_TOOL, y esta máquina no lo tiene" >&2
  return 1 2>/dev/null || exit 1
fi

# Reads one field of the JSON on stdin: `json_get .data[0].id`. Plain paths only (fields and [index]:
# they mean the same to each tool); null and missing fields print `null`, objects as indented JSON.
json_get() {
  case "$FLEET_JSON_TOOL" in
    jq) jq -r "$1" ;;
    python3) python3 -c '
import json, re, sys
value = json.load(sys.stdin)
for field, index in re.findall(r"\.(\w+)|\[(\d+)\]", sys.argv[1]):
    if field and isinstance(value, dict): value = value.get(field)
    elif index and isinstance(value, list) and int(index) < len(value): value = value[int(index)]
    else: value = None
print("null" if value is None else json.dumps(value, indent=2, ensure_ascii=False) if isinstance(value, (dict, list)) else str(value).lower() if isinstance(value, bool) else value)' "$1" ;;
    *) node -e '
      let text = "";
      process.stdin.on("data", (chunk) => (text += chunk)).on("end", () => {
        const value = new Function("x", `return x${process.argv[1]}`)(JSON.parse(text));
        console.log(value === undefined || value === null ? "null" : typeof value === "object" ? JSON.stringify(value, null, 2) : String(value));
      });' "$1" ;;
  esac
}

# One HTTP call; prints the body, and fails (non-zero, the API's message on stderr) unless the status
# is the expected one. Usage: call EXPECTED_STATUS METHOD URL [curl options...]
call() {
  local expected=$1 method=$2 url=$3 body status
  shift 3
  body=$(mktemp)
  status=$(curl -sS -o "$body" -w '%{http_code}' -X "$method" "$url" "$@")
  if [ "$status" != "$expected" ]; then
    echo "FALLO: $method $url respondió $status (se esperaba $expected): $(cat "$body")" >&2
    rm -f "$body"
    return 1
  fi
  cat "$body"
  rm -f "$body"
}

# The control API with the status expected: control_expect STATUS METHOD PATH [JSON body].
control_expect() {
  local expected=$1 method=$2 path=$3 auth=()
  [ -n "${FLEET_CONTROL_TOKEN:-}" ] && auth=(-H "Authorization: Bearer $FLEET_CONTROL_TOKEN")
  if [ $# -ge 4 ]; then
    call "$expected" "$method" "$FLEET_URL/_testbed$path" "${auth[@]}" -H 'content-type: application/json' -d "$4"
  else
    call "$expected" "$method" "$FLEET_URL/_testbed$path" "${auth[@]}"
  fi
}

# The control API: control METHOD PATH [JSON body] (expects 200, or 201 for a new world or a whole-testbed
# snapshot; a world's snapshot or fault rule is 201 too: control_expect 201 …).
control() {
  local expected=200
  if [ "$1" = POST ] && { [ "$2" = /tenants ] || [ "$2" = /snapshots ]; }; then expected=201; fi
  control_expect "$expected" "$@"
}

# The partner API with the key in $KEY: api EXPECTED_STATUS METHOD PATH [JSON body].
api() {
  local expected=$1 method=$2 path=$3
  if [ $# -ge 4 ]; then
    call "$expected" "$method" "$FLEET_URL$path" -H "Authorization: Bearer $KEY" -H 'content-type: application/json' -d "$4"
  else
    call "$expected" "$method" "$FLEET_URL$path" -H "Authorization: Bearer $KEY"
  fi
}

# expect_eq WHAT ACTUAL EXPECTED: stops the script when they differ.
expect_eq() {
  if [ "$2" != "$3" ]; then
    echo "FALLO: $1 es '$2', se esperaba '$3'" >&2
    exit 1
  fi
  echo "ok: $1 = $3"
}
