"""Top-2k candidate collection of a BeamSearch strategy picked from a search registry."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SEARCH_REGISTRY = {}


def register_search(name):
    def wrap(cls):
        SEARCH_REGISTRY[name] = cls
        return cls
    return wrap


class Search:
    def __init__(self, mesh, beam_size):
        self.axes = tuple(mesh.axis_names)
        self.beam_size = beam_size


@register_search("beam")
class BeamSearch(Search):
    def candidates(self, lprobs, scores):
        cand = lprobs + scores[..., None]
        top = jax.lax.top_k(cand, 2 * self.beam_size)[0]
        return jax.lax.all_gather(top, self.axes, axis=0, tiled=True, to="reduced")


@register_search("sampling")
class Sampling(Search):
    def candidates(self, lprobs, scores):
        return lprobs + scores[..., None]


def inputs():
    rng = np.random.default_rng(11)
    lprobs = rng.standard_normal((8, 2, 64), dtype=np.float32)
    scores = rng.standard_normal((8, 2), dtype=np.float32)
    return lprobs, scores


def main(lprobs, scores):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    search = SEARCH_REGISTRY["beam"](mesh, beam_size=2)
    lprobs = jax.device_put(lprobs, NamedSharding(mesh, P("batch", None, "vocab")))
    scores = jax.device_put(scores, NamedSharding(mesh, P("batch", None)))
    step = jax.shard_map(
        search.candidates,
        mesh=mesh,
        in_specs=(P("batch", None, "vocab"), P("batch", None)),
        out_specs=P(None, None, None, reduced={"batch", "vocab"}),
    )
    return step(lprobs, scores)


if __name__ == "__main__":
    main(*inputs())
