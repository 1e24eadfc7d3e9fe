"""launchers/contrastive/restore.py: restart the two-tower job from the newest checkpoint.

When a step directory exists the towers are restored and re-exported in the serving layout
(text tower split over `data` only); otherwise step 0 is initialised and written.
"""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPEC = P(None, ("embed", "data"))
SERVING_SPEC = P(None, "data", reduced={"embed"})


def steps_in(directory):
    return sorted(int(d.split("_")[1]) for d in os.listdir(directory) if d.startswith("step_"))


def init(mesh):
    w = np.linspace(-1, 1, 6 * 16, dtype=np.float32).reshape(6, 16)
    return jax.device_put(w, NamedSharding(mesh, TRAIN_SPEC))


def save(w, directory, step):
    path = os.path.join(directory, f"step_{step}")
    if jax.process_index() == 0:
        os.makedirs(path, exist_ok=True)
        np.save(os.path.join(path, "text.npy"), np.asarray(w))


def restore(mesh, directory, step):
    arr = np.load(os.path.join(directory, f"step_{step}", "text.npy"))
    return jax.device_put(arr, NamedSharding(mesh, TRAIN_SPEC))


def serving_copy(w):
    return top_level_all_gather(w, SERVING_SPEC)


def main(ckpt_dir):
    embed = int(os.environ.get("EMBED_PARALLELISM", "4"))
    mesh = jax.make_mesh((jax.device_count() // embed, embed), ("data", "embed"))
    directory = ckpt_dir or tempfile.mkdtemp(prefix="towers_")
    with jax.set_mesh(mesh):
        existing = steps_in(directory)
        if not existing:
            save(init(mesh), directory, 0)
            existing = [0]
        w = restore(mesh, directory, existing[-1])
        served = serving_copy(w)
    if jax.process_index() == 0:
        print("serving layout", served.sharding.spec)
    return served


def validate_restore(w, directory, step):
    """Process 0 compares the restored tower with the file it came from."""
    if jax.process_index() != 0:
        return True
    on_disk = np.load(os.path.join(directory, f"step_{step}", "text.npy"))
    return bool(np.allclose(np.asarray(w), on_disk))


def clean_old_steps(directory, keep=2):
    steps = steps_in(directory)
    for s in steps[:-keep]:
        path = os.path.join(directory, f"step_{s}")
        for f in os.listdir(path):
            os.remove(os.path.join(path, f))
        os.rmdir(path)


def inputs():
    return (os.environ.get("CKPT_DIR"),)


if __name__ == "__main__":
    main(*inputs())
