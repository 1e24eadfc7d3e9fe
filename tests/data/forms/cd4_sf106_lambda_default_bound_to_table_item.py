import jax
from jax.sharding import PartitionSpec as P


def square(h):
    return h * h


NORMS = {
    "standardize": lambda h: jax.nn.standardize(h, axis=-1),  # SF106
    "square": square,
}


def main(mesh, x):
    results = {}
    for name, norm in NORMS.items():
        body = lambda h, norm=norm: norm(jax.lax.all_gather(h, "j", axis=1, to="reduced", tiled=True))
        f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))
        results[name] = f(x)
    return results
