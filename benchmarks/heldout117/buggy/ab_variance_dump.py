"""A/B platform: dump per-bucket metric variances for the CUPED audit job.

The query string may repeat "axes" to gather over several mesh axes at once.
"""
from urllib.parse import parse_qs

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AUDIT = "shape=4x2&names=bucket,metric&first=metric&axes=bucket&axes=metric"


def inputs():
    rng = np.random.default_rng(31)
    return (rng.normal(size=(32, 8)).astype(np.float32),)


def main(values):
    q = parse_qs(AUDIT)
    shape = tuple(int(n) for n in q["shape"][0].split("x"))
    names = tuple(q["names"][0].split(","))
    mesh = jax.make_mesh(shape, names)
    first = q["first"][0]
    dump_axes = tuple(q["axes"])
    values = jax.device_put(values, NamedSharding(mesh, P("bucket", "metric")))

    def audit(v):
        var = jnp.var(v, axis=0, keepdims=True)
        var = jax.lax.all_gather(var, first, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(var, dump_axes, axis=0, tiled=True, to="reduced")

    out = jax.shard_map(audit, mesh=mesh, in_specs=P("bucket", "metric"),
                        out_specs=P(None, None, reduced=set(names)))(values)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
