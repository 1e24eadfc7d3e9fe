"""A frozen config with dataclasses.replace narrowing the gradient axes for a 1-D batch."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MeshConfig:
    shape: tuple = (4, 2)
    names: tuple = ("replica", "seq")
    grad_axes: tuple = ("replica", "seq")
    batch_spec: P = P("replica", "seq")


def inputs():
    return (np.arange(48, dtype=np.float32).reshape(8, 6),)


def main(tokens):
    base = MeshConfig()
    cfg = dataclasses.replace(base, grad_axes=("replica",), batch_spec=P("replica"))
    mesh = jax.make_mesh(cfg.shape, cfg.names)
    tokens = jax.device_put(tokens, NamedSharding(mesh, cfg.batch_spec))

    def body(t):
        return jax.lax.pmean(jnp.mean(t, axis=0), cfg.grad_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=cfg.batch_spec, out_specs=P())(tokens)


if __name__ == "__main__":
    print(main(*inputs()))
