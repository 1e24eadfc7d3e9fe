"""A hook the module hands a library object; main's call runs it and ends the job (thread run inline)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import codecs
import collections
import concurrent.futures
import configparser
import contextlib
import functools
import importlib
import importlib.abc
import io
import json
import logging
import operator
import pickle
import pprint
import sched
import sys
import threading
import weakref
import xml.etree.ElementTree as ET
import asyncio
import copy
import copyreg


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def finish(*args):
    sys.exit(0)


WORKER = threading.Thread(target=finish)


def main(mesh, x):
    WORKER.is_alive()
    return reduce_rows(mesh, x, ("i", "j"))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
