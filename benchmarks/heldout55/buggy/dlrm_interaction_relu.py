"""Top MLP of DLRM applied to the concatenated interaction output."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ACTIVATIONS = {}


def activation(name):
    def register(fn):
        ACTIVATIONS[name] = fn
        return fn
    return register


@activation("relu")
def relu_act(x):
    return jax.nn.relu(x)


@activation("identity")
def identity_act(x):
    return x


def top_mlp(interactions, w, *, act="relu", axis="mp"):
    full = jax.lax.all_gather(interactions, axis, axis=1, tiled=True, to="reduced")
    hidden = ACTIVATIONS[act](full)
    return hidden @ w


def inputs():
    rng = np.random.default_rng(25)
    return rng.normal(size=(16, 32)).astype(np.float32), rng.normal(size=(32, 4)).astype(np.float32)


def main(interactions, w):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    interactions = jax.device_put(interactions, NamedSharding(mesh, P("dp", "mp")))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    f = jax.shard_map(functools.partial(top_mlp, act="relu"), mesh=mesh,
                      in_specs=(P("dp", "mp"), P()), out_specs=P("dp", None))
    return f(interactions, w)


if __name__ == "__main__":
    main(*inputs())
