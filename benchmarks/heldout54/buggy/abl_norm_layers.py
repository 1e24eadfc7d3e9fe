# LayerNorm vs. RMSNorm, quick ablation on gathered hidden states (notebook export).
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))


def layernorm(h, eps=1e-6):
    return jax.nn.standardize(h, axis=-1, epsilon=eps)


def rmsnorm(h, eps=1e-6):
    return h / jnp.sqrt((h * h).sum(axis=-1, keepdims=True) / h.shape[-1] + eps)


norms = {"layernorm": layernorm, "rmsnorm": rmsnorm}


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(h):
    h = jax.device_put(h, NamedSharding(mesh, P("i", "j")))
    results = {}
    for name, norm in norms.items():
        body = lambda h, norm=norm: norm(jax.lax.all_gather(h, "j", axis=1, to="reduced", tiled=True))
        f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))
        results[name] = f(h)
    return results


if __name__ == "__main__":
    main(*inputs())
