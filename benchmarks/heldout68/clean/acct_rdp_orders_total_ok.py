import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

import json

CONFIG = json.loads('{"axes": {"worker": "worker", "order": "order"}, "delta": 1e-5, "steps": 3}')


def _compose(rdp, worker_axis, order_axis, cfg):
    rdp = rdp * cfg["steps"]
    rdp_total = jax.lax.psum(rdp, worker_axis)
    return jax.lax.all_gather(rdp_total, order_axis, axis=1, tiled=True, to="reduced")


def inputs():
    ax = CONFIG["axes"]
    mesh = jax.make_mesh((4, 2), (ax["worker"], ax["order"]))
    orders = jnp.tile(jnp.arange(1.5, 5.5, 1.0, dtype=jnp.float32), (8, 1))
    return mesh, jax.device_put(orders, NamedSharding(mesh, P(ax["worker"], ax["order"])))


def main(mesh, orders, cfg=CONFIG):
    ax = cfg["axes"]
    fn = jax.shard_map(lambda r: _compose(r, ax["worker"], ax["order"], cfg), mesh=mesh,
                       in_specs=P(ax["worker"], ax["order"]), out_specs=P(reduced={"order"}))
    print(jax.device_get(fn(orders)).shape)


if __name__ == "__main__":
    main(*inputs())
