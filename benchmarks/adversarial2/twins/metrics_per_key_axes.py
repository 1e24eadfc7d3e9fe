"""Each metric is summed over its own axes (a dict of axes keyed like the metrics)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRIC_AXES = {"tokens": ("data", "model"), "loss": ("data", "model")}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8), np.ones((8, 8), np.float32))


def main(logits, mask):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "model")))
    mask = jax.device_put(mask, NamedSharding(mesh, P("data", None)))

    def body(lg, m):
        metrics = {"tokens": jnp.sum(m), "loss": jnp.sum(lg ** 2)}
        return {k: jax.lax.psum(v, METRIC_AXES[k]) for k, v in metrics.items()}

    out = jax.shard_map(body, mesh=mesh, in_specs=(P("data", "model"), P("data", None)),
                        out_specs={"tokens": P(), "loss": P()})(logits, mask)
    return out["tokens"], out["loss"]


if __name__ == "__main__":
    print(main(*inputs()))
