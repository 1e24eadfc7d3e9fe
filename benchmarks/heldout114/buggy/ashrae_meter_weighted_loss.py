"""ASHRAE - meter-weighted loss, 2D mesh (data x model); one model per meter type, blended.

Exported from `ashrae-per-meter-blend.ipynb`. pandas was not available in the kernel, so the
groupbys are dicts.
"""
import random
from collections import defaultdict

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 0
    n_folds = 2
    debug = False
    mesh_shape = (4, 2)
    axis_names = ("data", "model")
    hidden = 8
    meter_weights = {0: 1.0, 1: 0.7, 2: 0.5, 3: 0.5}
    blend = {"mlp_a": 0.6, "mlp_b": 0.4}


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)

X = np.random.randn(128, 8).astype(np.float32)
y = np.abs(np.random.randn(128)).astype(np.float32)
meter = np.random.randint(0, 4, 128)
w_row = np.array([CFG.meter_weights[m] for m in meter], np.float32)

per_meter = defaultdict(list)
for i, m in enumerate(meter):
    per_meter[int(m)].append(i)
print({k: len(v) for k, v in sorted(per_meter.items())})


def model_fn(x, w1):
    # column-parallel first layer, partial sums over the model axis
    return jax.lax.psum(jnp.tanh(x) @ w1, "model").sum(-1)


def loss_body(x, w1, y, wr):
    pred = model_fn(x, w1)
    err = wr * (pred - y) ** 2
    total = jax.lax.psum(err.sum(), CFG.axis_names)
    return total / jax.lax.psum(wr.sum(), "data")


def inputs():
    return X, y, w_row


def main(X, y, w_row):
    losses = {}
    with jax.set_mesh(mesh):
        xs = jax.device_put(X, NamedSharding(mesh, P("data", "model")))
        ys = jax.device_put(y, NamedSharding(mesh, P("data")))
        ws = jax.device_put(w_row, NamedSharding(mesh, P("data")))
        for name, seed in zip(CFG.blend, range(len(CFG.blend))):
            w1 = jax.random.normal(jax.random.key(seed), (8, CFG.hidden)) * 0.1
            w1 = jax.device_put(w1, NamedSharding(mesh, P("model", None)))
            loss = jax.shard_map(loss_body, mesh=mesh,
                                 in_specs=(P("data", "model"), P("model", None), P("data"), P("data")),
                                 out_specs=P())(xs, w1, ys, ws)
            losses[name] = float(loss)
            print(f"{name}: weighted loss {losses[name]:.4f}")
    blended = sum(CFG.blend[k] * v for k, v in losses.items())
    print(f"blend: {blended:.4f}")
    return blended


if __name__ == "__main__":
    main(*inputs())
