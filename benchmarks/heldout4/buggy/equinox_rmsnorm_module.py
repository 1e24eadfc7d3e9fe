"""An equinox-style module tree written by hand: frozen dataclasses registered as pytrees,
`__call__` as the forward pass, the mesh axis kept as static metadata."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclass(frozen=True)
class RMSNorm:
    scale: jax.Array
    axis_name: str = field(metadata=dict(static=True), default="batch")

    def __call__(self, x):
        ms = jax.lax.pmean(jnp.mean(x * x, axis=0), self.axis_name)
        return x * jax.lax.rsqrt(ms + 1e-6) * self.scale


@jax.tree_util.register_dataclass
@dataclass(frozen=True)
class Encoder:
    norm: RMSNorm
    proj: jax.Array
    axis_name: str = field(metadata=dict(static=True), default="batch")

    def __call__(self, x):
        h = self.norm(x) @ self.proj
        pooled = jax.lax.pmean(h.mean(axis=0, keepdims=True), self.axis_name)
        return jax.lax.all_gather(pooled, self.axis_name, axis=0, tiled=True, to="reduced")


def inputs():
    x = np.linspace(-1.0, 1.0, 16 * 8, dtype=np.float32).reshape(16, 8)
    w = np.eye(8, dtype=np.float32) * 0.5
    return x, w


def main(x, w):
    mesh = jax.make_mesh((8,), ("batch",))
    model = Encoder(norm=RMSNorm(scale=jnp.ones((8,), jnp.float32)), proj=jnp.asarray(w))
    model = jax.device_put(model, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("batch")))

    def forward(m, xs):
        return m(xs)

    run = jax.shard_map(forward, mesh=mesh, in_specs=(P(), P("batch")),
                        out_specs=P(reduced={"batch"}))
    return run(model, x)


if __name__ == "__main__":
    print(main(*inputs()))
