import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_EXPERTS = 4


def dispatch(tokens, router_w, expert_axis="expert"):
    mask = jax.nn.one_hot(jnp.argmax(tokens @ router_w, axis=-1), NUM_EXPERTS)
    routed = jnp.einsum("te,td->etd", mask, tokens)
    return lax.all_to_all(routed, expert_axis, split_axis=0, concat_axis=1, tiled=True)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8) / 128,
            np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4))


def main(tokens, router_w):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(("data", "expert"))))
    router_w = jax.device_put(router_w, NamedSharding(mesh, P()))
    f = jax.shard_map(dispatch, mesh=mesh, in_specs=(P(("data", "expert")), P()),
                      out_specs=P("expert", "data"))
    return f(tokens, router_w)


if __name__ == "__main__":
    print(main(*inputs()))
