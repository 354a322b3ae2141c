# The extension gridlab._core is built by the project's CMake, not by setuptools: this only marks the
# package as platform-specific, so that its wheel carries the interpreter's and the machine's tags.
from setuptools import setup
from setuptools.dist import Distribution


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(distclass=BinaryDistribution)
