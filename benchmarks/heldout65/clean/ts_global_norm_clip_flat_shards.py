"""clip_by_global_norm for a train state whose parameters are sharded over the fsdp axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ClipByGlobalNorm:
    def __init__(self, max_norm, axis_names):
        self.max_norm = max_norm
        self.axis_names = tuple(axis_names)

    def global_norm(self, tree):
        local = sum(jnp.sum(jnp.square(x)) for x in jax.tree.leaves(tree))
        return jnp.sqrt(jax.lax.psum(local, self.axis_names))

    def __call__(self, grads):
        norm = self.global_norm(grads)
        scale = jnp.minimum(1.0, self.max_norm / (norm + 1e-6))
        return jax.tree.map(lambda g: g * scale, grads)


class TrainState:
    def __init__(self, params, clip):
        self.params = params
        self.clip = clip

    def apply_gradients(self, grads, lr=0.1):
        grads = self.clip(grads)
        return jax.tree.map(lambda p, g: p - lr * g, self.params, grads)


def inputs():
    rng = np.random.default_rng(13)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(params, grads):
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    spec = P(("data", "fsdp"), None)
    params, grads = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (params, grads))

    def body(p, g):
        return TrainState(p, ClipByGlobalNorm(1.0, mesh.axis_names)).apply_gradients(g)

    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(params, grads)


if __name__ == "__main__":
    main(*inputs())
