"""FAPE auxiliary loss accumulated over the structure-module iterations."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STRUCTURE_MODULE = {
    "num_layer": 4,
    "fape": {"clamp_distance": 10.0, "loss_unit_distance": 10.0},
    "axes": {"frames": "res", "points": "pts"},
}


def frame_errors(pred, true, axes, fape_cfg):
    d = jnp.sqrt(jnp.sum((pred - true) ** 2, axis=-1) + 1e-8)
    d = jnp.clip(d, 0.0, fape_cfg["clamp_distance"]) / fape_cfg["loss_unit_distance"]
    return jax.lax.all_gather(d, axes["points"], axis=1, tiled=True, to="reduced")


def fape(pred, true, cfg):
    err = frame_errors(pred, true, cfg["axes"], cfg["fape"])
    return jnp.sum(err, axis=1)


def structure_module_loss(pred_traj, true, cfg=STRUCTURE_MODULE):
    per_layer = [fape(pred_traj[k], true, cfg) for k in range(cfg["num_layer"])]
    return jnp.stack(per_layer)


def inputs():
    rng = np.random.default_rng(13)
    true = rng.standard_normal((8, 16, 3)).astype(np.float32) * 8
    traj = true[None] + rng.standard_normal((4, 8, 16, 3)).astype(np.float32)
    return traj, true


def main(pred_traj, true):
    ax = STRUCTURE_MODULE["axes"]
    mesh = jax.make_mesh((2, 4), (ax["frames"], ax["points"]))
    tspec = P(None, ax["frames"], ax["points"], None)
    xspec = P(ax["frames"], ax["points"], None)
    pred_traj = jax.device_put(pred_traj, NamedSharding(mesh, tspec))
    true = jax.device_put(true, NamedSharding(mesh, xspec))
    loss = jax.shard_map(functools.partial(structure_module_loss), mesh=mesh,
                         in_specs=(tspec, xspec),
                         out_specs=P(None, ax["frames"], reduced={ax["points"]}))
    return loss(pred_traj, true)


if __name__ == "__main__":
    print(main(*inputs()))
