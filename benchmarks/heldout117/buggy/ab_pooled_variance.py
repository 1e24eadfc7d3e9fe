"""A/B platform: pooled variance of a ratio metric across buckets and metric shards.

Reductions are declared as "<stat>=<op>(<axes>)" pairs in the query string.
"""
import re
from urllib.parse import parse_qsl

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

QS = "mesh=4x2&names=bucket,metric&totals=psum(metric)&pooled=psum(bucket,metric)"

OPS = {"psum": jax.lax.psum, "pmean": jax.lax.pmean}


def reduction(text):
    op, axes = re.match(r"(\w+)\((.*)\)", text).groups()
    axes = tuple(a.strip() for a in axes.split(","))
    return lambda x: OPS[op](x, axes[0] if len(axes) == 1 else axes)


def inputs():
    rng = np.random.default_rng(34)
    num = rng.random(size=(32, 8)).astype(np.float32)
    den = (rng.random(size=(32, 8)) + 0.5).astype(np.float32)
    return num, den


def main(num, den):
    q = dict(parse_qsl(QS))
    mesh = jax.make_mesh(tuple(int(s) for s in q["mesh"].split("x")), tuple(q["names"].split(",")))
    red_tot = reduction(q["totals"])
    red_pool = reduction(q["pooled"])
    spec = P("bucket", "metric")
    num = jax.device_put(num, NamedSharding(mesh, spec))
    den = jax.device_put(den, NamedSharding(mesh, spec))

    def body(n, d):
        n_tot = red_tot(jnp.sum(n, axis=1))
        d_tot = red_tot(jnp.sum(d, axis=1))
        ratio = n_tot / d_tot
        sq = jnp.sum((ratio - jnp.mean(ratio)) ** 2)
        return red_pool(sq)

    out = jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P())(num, den)
    print(float(out))
    return out


if __name__ == "__main__":
    main(*inputs())
