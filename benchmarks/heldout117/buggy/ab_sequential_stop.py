"""A/B platform: group-sequential test, earliest look that crosses the boundary.

Each look's z-statistics are gathered over buckets, then a stopping rule spelled
"rule:axis" picks the earliest crossing.
"""
from urllib.parse import parse_qs

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

QS = "mesh=4,2&names=bucket,look&collect=bucket&stop=pmin:bucket&boundary=2.5"

STOP_RULES = {"pmin": jax.lax.pmin, "pmax": jax.lax.pmax}


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(loc=0.5, size=(16, 8)).astype(np.float32),)


def sequential_body(z, q):
    collect = q["collect"][0]
    rule, _, axis = q["stop"][0].partition(":")
    looks = jax.lax.all_gather(z, collect, axis=0, tiled=True, to="reduced")
    crossed = jnp.abs(looks)
    first = STOP_RULES[rule](crossed, axis)
    return first


def main(z):
    q = parse_qs(QS)
    mesh = jax.make_mesh(tuple(int(s) for s in q["mesh"][0].split(",")), tuple(q["names"][0].split(",")))
    z = jax.device_put(z, NamedSharding(mesh, P("bucket", "look")))
    out = jax.shard_map(lambda a: sequential_body(a, q), mesh=mesh, in_specs=P("bucket", "look"),
                        out_specs=P(None, "look"))(z)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
