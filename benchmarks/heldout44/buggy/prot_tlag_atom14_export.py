"""Copy predicted atom14 coordinates to the host for PDB writing; layouts from a JSON feature config."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FEATURE_CONFIG = json.loads("""
{
  "device": {"atom14_pred_positions": [["crop", "res"], null, null],
             "atom14_mask": [["crop", "res"], null]},
  "host": {"atom14_pred_positions": {"dims": ["res", null, null], "reduced": ["crop"]},
           "atom14_mask": {"dims": [null, null], "reduced": ["crop", "res"]}}
}
""")


def to_spec(dims, reduced=()):
    return P(*(tuple(d) if isinstance(d, list) else d for d in dims), reduced=set(reduced))


DEVICE_SPECS = {k: to_spec(v) for k, v in FEATURE_CONFIG["device"].items()}
HOST_SPECS = {k: to_spec(v["dims"], v["reduced"]) for k, v in FEATURE_CONFIG["host"].items()}


def structure_module_output(rng, n_res):
    return {"atom14_pred_positions": rng.normal(size=(n_res, 14, 3)).astype(np.float32),
            "atom14_mask": (rng.uniform(size=(n_res, 14)) > 0.2).astype(np.float32)}


def inputs():
    return (structure_module_output(np.random.default_rng(27), 32),)


def main(outputs):
    mesh = jax.make_mesh((2, 4), ("crop", "res"))
    placed = {k: jax.device_put(v, NamedSharding(mesh, DEVICE_SPECS[k])) for k, v in outputs.items()}
    with jax.set_mesh(mesh):
        mask = top_level_all_gather(placed["atom14_mask"], HOST_SPECS["atom14_mask"])
        positions = top_level_all_gather(placed["atom14_pred_positions"], HOST_SPECS["atom14_pred_positions"])
    return positions, mask


if __name__ == "__main__":
    main(*inputs())
