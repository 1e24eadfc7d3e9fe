"""nnU-Net-like deep supervision: soft Dice per decoder scale, collected for the validation log."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("data", "pixel")
DS_SCALES = {"s0": 1.0, "s1": 0.5, "s2": 0.25}


def soft_dice_terms(probs, onehot):
    inter = (probs * onehot).sum(axis=1)
    denom = (probs + onehot).sum(axis=1)
    return 2.0 * inter / (denom + 1e-5)


def per_scale(outputs, targets):
    dice = {k: soft_dice_terms(outputs[k], targets[k]) for k in DS_SCALES}
    return jax.tree.map(lambda d: jax.lax.all_gather(d, MESH_AXES[1], axis=1, tiled=True, to="reduced"), dice)


def validation_log(outputs, targets):
    scales = per_scale(outputs, targets)
    return jax.tree.map(lambda d: jax.lax.all_gather(d, MESH_AXES, axis=0, tiled=True, to="reduced"), scales)


def inputs():
    rng = np.random.default_rng(19)
    outs, tgts = {}, {}
    for i, k in enumerate(DS_SCALES):
        n = 64 >> i
        outs[k] = rng.uniform(size=(4, n, 2)).astype(np.float32)
        tgts[k] = (rng.uniform(size=(4, n, 2)) > 0.5).astype(np.float32)
    return outs, tgts


def main(outputs, targets):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    spec = P("data", "pixel", None)
    place = lambda t: jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, spec)), t)
    outputs, targets = place(outputs), place(targets)
    out_spec = {k: P(None, None, reduced=set(MESH_AXES)) for k in DS_SCALES}
    return jax.shard_map(validation_log, mesh=mesh, in_specs=(spec, spec), out_specs=out_spec)(outputs, targets)


if __name__ == "__main__":
    main(*inputs())
