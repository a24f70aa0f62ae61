# Sourced by the benches/device/*python*.sh scripts after they define SITE, LOG, fail and say:
# checks that this machine can run the Python benchmarks with nothing fetched, installs the
# carried wheels (.whl/: xehe's abi3 wheel and TenSEAL's for this Python) with --no-deps into
# $SITE, puts $SITE on PYTHONPATH and proves both import from there and reach the GPU.
command -v python3 > /dev/null || fail "no python3 on PATH"
python3 -c 'import sys; assert sys.version_info >= (3, 9), sys.version' || fail "python3 is older than 3.9"
python3 -m pip --version > /dev/null 2>&1 || fail "python3 has no pip (needed to install the carried wheels)"
python3 -c 'import numpy' 2>/dev/null || fail "NumPy is not installed for python3 (TenSEAL and the benchmark need it; carry its wheel in .whl/)"
[[ -d .whl ]] || fail "no .whl/ folder at the repository root (carry it: the xehe and TenSEAL wheels)"
shopt -s nullglob
xehe_whl=(.whl/xehe-*.whl)
tenseal_whl=(.whl/tenseal-*.whl)
all_whl=(.whl/*.whl)
shopt -u nullglob
(( ${#xehe_whl[@]} == 1 )) || fail "expected one .whl/xehe-*.whl, found ${#xehe_whl[@]}"
(( ${#tenseal_whl[@]} == 1 )) || fail "expected one .whl/tenseal-*.whl, found ${#tenseal_whl[@]}"
[[ -x device-bin/xehe ]] || fail "no executable device-bin/xehe (unpack the bundle: tar xJf device-bin.tar.xz)"

say "wheels: $(cd .whl && ls -1 *.whl | tr '\n' ' ')"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
  --target "$SITE" "${all_whl[@]}" 2>&1 | tee -a "$LOG" || fail "pip could not install .whl/*.whl into $SITE"
export PYTHONPATH="$SITE${PYTHONPATH:+:$PYTHONPATH}"
python3 - "$SITE" <<'EOF' 2>&1 | tee -a "$LOG" || fail "the installed wheels do not import (above)"
import os, platform, sys
import numpy, tenseal, xehe, xehe.tenseal
site = os.path.realpath(sys.argv[1])
for m in (xehe, tenseal):
    assert os.path.realpath(m.__file__).startswith(site + os.sep), f"{m.__name__} from {m.__file__}, not {site}"
print(f"python {platform.python_version()}, numpy {numpy.__version__}, tenseal {tenseal.__version__}, "
      f"xehe {getattr(xehe, '__version__', '?')} ({os.path.dirname(xehe.__file__)})")
ctx = xehe.Context(xehe.EncryptionParameters(8192, [50, 30, 60]), backend="opencl")
print(f"xehe's opencl backend: {ctx.device_name}")
EOF
