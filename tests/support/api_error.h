// The check of an API error reply, for the server's tests.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_server.h"

namespace warband::server::testing {

// An API error: its status, as JSON with the status again, the field it names and a sentence.
inline void expect_error(const Reply& reply, int status, const std::string& where) {
  EXPECT_EQ(reply.status, status) << reply.body;
  EXPECT_EQ(reply.content_type, "application/json") << reply.body;
  ASSERT_TRUE(reply.json.is_object()) << reply.body;
  EXPECT_EQ(reply.json["error"]["status"], status) << reply.body;
  EXPECT_EQ(reply.json["error"]["where"], where) << reply.body;
  EXPECT_FALSE(reply.json["error"]["what"].get<std::string>().empty()) << reply.body;
}

}  // namespace warband::server::testing
