import jax
from jax.sharding import PartitionSpec as P

EXTRA = {"in_specs": P(None, "j")}


def mutated_body(h):
    local = jax.lax.psum(h, "j")
    return jax.lax.psum(local, ("i", "j"))


def merged_body(h):
    local = jax.lax.psum(h, "j")
    return jax.lax.psum(local, ("i", "j"))


def rebound_body(h):
    local = jax.lax.psum(h, "j")
    return jax.lax.psum(local, ("i", "j"))


def run(mesh, x):
    specs = {"mesh": mesh, "in_specs": P("i", "j"), "out_specs": P()}
    specs["in_specs"] = P(None, "j")  # mutated: the splat no longer holds the literal's specs
    a = jax.shard_map(mutated_body, **specs)(x)
    more = dict(mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    more.update(EXTRA)
    b = jax.shard_map(merged_body, **more)(x)
    rebound = {"mesh": mesh, "in_specs": P("i", "j"), "out_specs": P()}
    rebound = {"mesh": mesh, "in_specs": P(None, "j"), "out_specs": P()}
    c = jax.shard_map(rebound_body, **rebound)(x)
    return a, b, c
