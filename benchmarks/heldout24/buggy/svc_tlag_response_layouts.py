"""Shape the score matrix of a batch of requests into the layout each route responds with."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

RESPONSE_LAYOUTS = {
    "/v1/search": P("replica", None, reduced={"shard"}),
    "/v1/rerank": P("replica", None),
}


def respond(scores, route):
    return top_level_all_gather(scores, RESPONSE_LAYOUTS[route])


def inputs():
    rng = np.random.default_rng(13)
    return (rng.standard_normal((8, 32)).astype(np.float32),)


def main(scores):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("replica", "shard")))
    out = {}
    with jax.set_mesh(mesh):
        for route in ("/v1/search", "/v1/rerank"):
            out[route] = respond(scores, route)
    return out


if __name__ == "__main__":
    print(main(*inputs()))
