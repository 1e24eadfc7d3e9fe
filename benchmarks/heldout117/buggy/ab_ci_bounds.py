"""A/B platform: confidence intervals of the per-metric treatment effect.

The interval is a template over "${effect}" and "${se}", evaluated per bound by
a tiny dispatcher; the z value comes from the request.
"""
from string import Template
from urllib.parse import parse_qs

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REQ = "mesh=4,2&names=bucket,metric&gather=metric&z=1.96"
BOUNDS = {"lower": Template("${effect} - z*${se}"), "upper": Template("${effect} + z*${se}")}


def bound(expr, effect, se, z):
    lhs, op, _ = expr.split(" ", 2)
    width = z * se
    return effect - width if op == "-" else effect + width


def inputs():
    rng = np.random.default_rng(35)
    return rng.normal(0.1, 1.0, size=(32, 8)).astype(np.float32), rng.normal(0.0, 1.0, size=(32, 8)).astype(np.float32)


def main(treat, ctrl):
    q = {k: v[0] for k, v in parse_qs(REQ).items()}
    names = tuple(q["names"].split(","))
    mesh = jax.make_mesh(tuple(int(s) for s in q["mesh"].split(",")), names)
    z = float(q["z"])
    spec = P("bucket", "metric")
    treat = jax.device_put(treat, NamedSharding(mesh, spec))
    ctrl = jax.device_put(ctrl, NamedSharding(mesh, spec))

    def body(t, c):
        n = t.shape[0] * mesh.shape["bucket"]
        eff = jax.lax.pmean(jnp.mean(t, axis=0) - jnp.mean(c, axis=0), "bucket")
        se = jnp.sqrt(jax.lax.pmean(jnp.var(t, axis=0) + jnp.var(c, axis=0), "bucket") / n)
        eff = jax.lax.all_gather(eff, q["gather"], tiled=True, to="reduced")
        se = jax.lax.all_gather(se, q["gather"], tiled=True, to="reduced")
        out = {}
        for name, tmpl in BOUNDS.items():
            expr = tmpl.substitute(effect="eff", se="se")
            out[name] = bound(expr, eff, se, z)
        return out

    ci = jax.shard_map(body, mesh=mesh, in_specs=(spec, spec),
                       out_specs={k: P(None, reduced={"metric"}) for k in BOUNDS})(treat, ctrl)
    print({k: v.shape for k, v in ci.items()})
    return ci


if __name__ == "__main__":
    main(*inputs())
