"""Side-chain chi-angle loss with the pi-periodic alternative for symmetric residues."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, key):
        value = self[key]
        return ConfigDict(value) if isinstance(value, dict) else value


def model_config():
    return ConfigDict({"structure_module": {"chi_weight": 0.5, "angle_norm_weight": 0.01},
                       "global_config": {"residue_axis": "res", "crop_axis": "crop"}})


def gather_true_chis(sin_cos, c):
    return jax.lax.all_gather(sin_cos, c.global_config.residue_axis, axis=1, tiled=True, to="reduced")


def chi_loss(pred_sin_cos, true_sin_cos, shifted_sin_cos, c=model_config()):
    true_full = gather_true_chis(true_sin_cos, c)
    shifted_full = gather_true_chis(shifted_sin_cos, c)
    sq = jnp.sum(jnp.square(true_full - shifted_full), axis=-1)
    sq_shifted = jnp.sum(jnp.square(shifted_full - true_full), axis=-1)
    sq_chi_error = jnp.minimum(sq, sq_shifted)
    weighted = c.structure_module.chi_weight * sq_chi_error
    return weighted, jnp.sum(pred_sin_cos, axis=-1)


def inputs():
    rng = np.random.default_rng(29)
    shape = (2, 16, 4, 2)
    return tuple(rng.normal(size=shape).astype(np.float32) for _ in range(3))


def main(pred, true, shifted):
    mesh = jax.make_mesh((2, 4), ("crop", "res"))
    spec = P("crop", "res", None, None)
    pred, true, shifted = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pred, true, shifted))
    return jax.shard_map(chi_loss, mesh=mesh, in_specs=(spec, spec, spec),
                         out_specs=(P("crop", None, None), P("crop", "res", None)))(pred, true, shifted)


if __name__ == "__main__":
    main(*inputs())
