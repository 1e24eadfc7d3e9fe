"""A/B platform: per-arm conversion lift, with a debug snapshot of the totals.

The analysis request arrives as a query string from the experiment dashboard.
"""
from urllib.parse import parse_qs

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REQUEST = "mesh=bucket:4,metric:2&total=bucket&snapshot=bucket&control=0"


def parse_request(qs):
    q = {k: v[0] for k, v in parse_qs(qs).items()}
    axes = [item.split(":") for item in q["mesh"].split(",")]
    q["names"] = tuple(name for name, _ in axes)
    q["shape"] = tuple(int(n) for _, n in axes)
    q["control"] = int(q["control"])
    return q


def lift_body(conv, req):
    totals = jax.lax.psum(jnp.sum(conv, axis=0), req["total"])
    lift = totals / totals[req["control"]]
    snap = jax.lax.all_gather(lift, req["snapshot"], axis=0, tiled=True, to="reduced")
    return lift, snap


def inputs():
    rng = np.random.default_rng(30)
    return ((rng.random(size=(64, 4, 2)) < 0.1).astype(np.float32),)


def main(conv):
    req = parse_request(REQUEST)
    mesh = jax.make_mesh(req["shape"], req["names"])
    spec = P("bucket", None, "metric")
    conv = jax.device_put(conv, NamedSharding(mesh, spec))
    lift, snap = jax.shard_map(lambda c: lift_body(c, req), mesh=mesh, in_specs=spec,
                               out_specs=(P(None, "metric"), P(None, "metric", reduced={"bucket"})))(conv)
    print(lift.shape, snap.shape)
    return lift


if __name__ == "__main__":
    main(*inputs())
