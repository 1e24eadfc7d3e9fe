"""The step counts its traces in a module list: JAX reuses the first trace (same shapes), so the list
holds one entry and the eval sums over 'i' alone (a run that traced the body again would count
three and report line 21)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


TRACES = []


def train_body(block):
    TRACES.append(block.shape)
    return block - 0.1 * jax.lax.pmean(block, "i")


def eval_body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j") if len(TRACES) > 1 else "i")


train = jax.jit(jax.shard_map(train_body, mesh=MESH, in_specs=P("i", "j"), out_specs=P("i", "j")))
evaluate = jax.jit(jax.shard_map(eval_body, mesh=MESH, in_specs=P("i", "j"), out_specs=P()))


def main():
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))
    for _ in range(3):
        x = train(x)
    return evaluate(x)


if __name__ == "__main__":
    main()
