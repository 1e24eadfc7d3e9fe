"""BirdCLEF - export the fine-tuned classifier head and the running mel statistics for the
CPU-only submission notebook (2 hours limit, no accelerator: plain NumPy arrays).

Exported from `birdclef-export-for-cpu-inference.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class CFG:
    seed = 42
    debug = False
    n_mels = 16
    n_classes = 12
    mesh_shape = (4, 2)
    axis_names = ("clips", "freq")
    export_prefix = "bc23_sed"


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)

STATE_SPECS = {
    "mel_mean": P("freq"),
    "mel_std": P("freq"),
    "head_w": P("freq", None),
}
EXPORT_SPECS = {
    "mel_mean": P(None, reduced={"freq"}),
    "mel_std": P(None, reduced={"freq"}),
    "head_w": P(None, None, reduced={"clips"}),
}


def load_state():
    r = np.random.RandomState(CFG.seed)
    host = {
        "mel_mean": r.rand(CFG.n_mels).astype(np.float32),
        "mel_std": r.rand(CFG.n_mels).astype(np.float32) + 0.5,
        "head_w": r.randn(CFG.n_mels, CFG.n_classes).astype(np.float32),
    }
    return {k: jax.device_put(v, NamedSharding(mesh, STATE_SPECS[k])) for k, v in host.items()}


def inputs():
    return ()


def main():
    exported = {}
    with jax.set_mesh(mesh):
        state = load_state()
        for name in ["mel_mean", "mel_std", "head_w"]:
            arr = top_level_all_gather(state[name], EXPORT_SPECS[name])
            exported[f"{CFG.export_prefix}_{name}"] = np.asarray(arr)
    print({k: v.shape for k, v in exported.items()})
    return exported


if __name__ == "__main__":
    main(*inputs())
