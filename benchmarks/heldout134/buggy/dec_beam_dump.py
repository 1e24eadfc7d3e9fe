"""lingvo_lite/decoders/beam_search_debug.py

Beam-search step with a vocab-parallel output layer. For debugging, the candidate scores of each
hypothesis are gathered over the vocab shards into full rows and then collected over every axis
of the decoder's debug mapping into one table for the host.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class BeamSearchStep(BaseLayer):
  HPARAMS = dict(beam_size=0, vocab_axis='mdl', debug_mapping=())

  def debug_axes(self):
    return tuple(a for a in self.debug_mapping if a)

  def collect(self, scores):
    rows = jax.lax.all_gather(scores, self.vocab_axis, axis=-1, tiled=True, to='reduced')
    return jax.lax.all_gather(rows, self.debug_axes(), axis=0, tiled=True, to='reduced')

  def step(self, hyp_scores, logits):
    cand = hyp_scores[:, None] + jax.nn.log_sigmoid(logits)
    return cand, self.collect(cand)


@experiment_registry.register
class Beam2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def decoder(self):
    return Config(BeamSearchStep, beam_size=4, vocab_axis='mdl',
                  debug_mapping=('data', 'mdl'))


def build_step(exp, mesh):
  beam = instantiate(exp.decoder())
  fn = jax.shard_map(beam.step, mesh=mesh,
                     in_specs=(P('data'), P('data', beam.vocab_axis)),
                     out_specs=(P('data', beam.vocab_axis), P(None, None, reduced=set(beam.debug_axes()))))
  return beam, fn


def inputs():
  rng = np.random.default_rng(61)
  return 'Beam2x4', np.zeros((4,), np.float32), rng.standard_normal((4, 16)).astype(np.float32)


def main(exp_name, hyp_scores, logits):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  beam, step = build_step(exp, mesh)
  hyp = place(mesh, hyp_scores, ('data',))
  logits = place(mesh, logits, ('data', beam.vocab_axis))
  with jax.set_mesh(mesh):
    cand, table = step(hyp, logits)
  print(cand.shape, table.shape)


if __name__ == '__main__':
  main(*inputs())
