"""A launcher restarts from the latest step in its checkpoint directory; run by hand it gets none
(`CKPT_DIR` unset), so it makes a fresh one with tempfile.mkdtemp(prefix=...). Nothing is there
yet: glob finds no step, and the fresh run's save gathers the "model"-split weight to a spec
that leaves "model" out of reduced: JAX raises."""
import glob
import os
import re
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SAVE_SPECS = {"fresh": P(None, None, reduced={"data"}), "resume": P(None, None, reduced={"model"})}


def latest_step(directory):
    found = [int(m.group(1)) for p in glob.glob(os.path.join(directory, "ckpt_*"))
             if (m := re.search(r"ckpt_(\d+)$", p))]
    return max(found) if found else None


def save(w, directory, step, layout):
    whole = top_level_all_gather(w, SAVE_SPECS[layout])  # SF104
    if jax.process_index() == 0:
        np.save(os.path.join(directory, f"ckpt_{step}.npy"), np.asarray(whole))


def main(ckpt_dir=None):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    directory = ckpt_dir or tempfile.mkdtemp(prefix="run_")
    with jax.set_mesh(mesh):
        step = latest_step(directory)
        w = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(None, "model")))
        save(w, directory, 0 if step is None else step + 1, "fresh" if step is None else "resume")
        return w


if __name__ == "__main__":
    main(os.environ.get("CKPT_DIR"))
