"""Hand a prefilled long-context KV cache to the decode servers, one layer at a time."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PREFILL_SPEC = P("ctx", "head", None)
DECODE_SPEC = P(None, "head", None, reduced={"ctx"})


def prefill_layers(mesh, tokens, n_layers):
    sharding = NamedSharding(mesh, PREFILL_SPEC)
    project = jax.jit(lambda x, s: jnp.tanh(x * s), out_shardings=sharding)
    for layer in range(n_layers):
        yield layer, project(tokens, 1.0 + layer)


def export_cache(mesh, tokens, n_layers=2):
    with jax.set_mesh(mesh):
        layers = list(prefill_layers(mesh, tokens, n_layers))
    return {f"layer_{i}": top_level_all_gather(kv, DECODE_SPEC) for i, kv in layers}


def inputs():
    rng = np.random.default_rng(13)
    return (rng.normal(size=(16, 8, 4)).astype(np.float32),)


def main(tokens):
    mesh = jax.make_mesh((2, 4), ("ctx", "head"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, PREFILL_SPEC))
    return export_cache(mesh, tokens)


if __name__ == "__main__":
    print({k: v.shape for k, v in main(*inputs()).items()})
