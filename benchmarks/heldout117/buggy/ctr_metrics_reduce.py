"""CTR model: eval metrics (logloss, mean prediction) averaged over the mesh.

Metrics are declared as "name=reduce(axes)" in an INI section.
"""
import configparser
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = """
[mesh]
shape = 2x4
axes = dp,tp

[metrics]
logloss = pmean(dp,tp)
mean_pred = pmean(dp)
"""

REDUCE = {"pmean": jax.lax.pmean, "psum": jax.lax.psum}


def parse_metric(text):
    m = re.match(r"(\w+)\(([\w,]+)\)", text)
    axes = tuple(m.group(2).split(","))
    return REDUCE[m.group(1)], axes


def eval_body(x, w, y, metrics):
    logits = jax.lax.psum(x @ w, "tp")
    p = jax.nn.sigmoid(logits)
    values = {
        "logloss": -jnp.mean(y * jnp.log(p + 1e-7) + (1 - y) * jnp.log(1 - p + 1e-7)),
        "mean_pred": jnp.mean(p),
    }
    out = {}
    for name, spec in metrics.items():
        fn, axes = parse_metric(spec)
        out[name] = fn(values[name], axes)
    return out


def inputs():
    rng = np.random.default_rng(14)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    w = (rng.normal(size=(8, 1)) * 0.3).astype(np.float32)
    y = (rng.random(size=(16, 1)) > 0.7).astype(np.float32)
    return x, w, y


def main(x, w, y):
    cp = configparser.ConfigParser()
    cp.read_string(CONFIG)
    shape = tuple(int(s) for s in cp["mesh"]["shape"].split("x"))
    mesh = jax.make_mesh(shape, tuple(cp["mesh"]["axes"].split(",")))
    metrics = dict(cp["metrics"])
    x = jax.device_put(x, NamedSharding(mesh, P("dp", "tp")))
    w = jax.device_put(w, NamedSharding(mesh, P("tp", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("dp", None)))
    out = jax.shard_map(lambda a, b, c: eval_body(a, b, c, metrics), mesh=mesh,
                        in_specs=(P("dp", "tp"), P("tp", None), P("dp", None)),
                        out_specs={k: P() for k in metrics})(x, w, y)
    print({k: float(v) for k, v in out.items()})
    return out


if __name__ == "__main__":
    main(*inputs())
