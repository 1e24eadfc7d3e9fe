"""--log_samples: the scored logits are dumped in the layout the sample logger expects."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TASK_CONFIG = {
    "task": "arc_easy",
    "score_layout": P("batch", "vocab"),
    "log_samples_layout": P("batch", None, reduced={"vocab"}),
}


def make_scorer(mesh):
    out = NamedSharding(mesh, TASK_CONFIG["score_layout"])
    return jax.jit(lambda logits: jax.nn.log_softmax(logits, axis=-1), out_shardings=out)


def log_samples(scores):
    return top_level_all_gather(scores, TASK_CONFIG["log_samples_layout"])


def inputs():
    rng = np.random.default_rng(16)
    return (rng.normal(size=(8, 64)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    with jax.set_mesh(mesh):
        scores = make_scorer(mesh)(jnp.asarray(logits))
        return log_samples(scores)


if __name__ == "__main__":
    print(main(*inputs()))
